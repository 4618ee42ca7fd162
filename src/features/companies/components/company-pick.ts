import type { Company } from '@domain';
import { companyDisplayName } from '@domain';

/** A company as a picker holds it: its id and the name shown. */
export interface PickedCompany {
  id: string;
  label: string;
}

export const pickedOf = (company: Pick<Company, 'id' | 'name' | 'alias' | 'cnpj'>): PickedCompany => ({
  id: company.id,
  label: companyDisplayName(company),
});

export interface CompanyPickerProps {
  label: string;
  value: PickedCompany | null;
  onChange: (company: PickedCompany | null) => void;
  error?: string;
  hint?: string;
  placeholder?: string;
}
