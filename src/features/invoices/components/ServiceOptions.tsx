import { formatNationalServiceCode } from '@domain/fiscalProfile';
import type { FiscalProfileView } from '@domain/nfseEmission';

type Service = NonNullable<FiscalProfileView['profile']>['services'][number];

/**
 * The options of a select of the company's services, by national code and description: the main one (first) is
 * chosen by '' — a request without a service goes to it — the others by their code.
 */
export function ServiceOptions({ services }: { services: Service[] }) {
  return services.map((service, i) => (
    <option key={service.code} value={i === 0 ? '' : service.code}>
      {formatNationalServiceCode(service.code)}
      {service.description ? ` — ${service.description}` : ''}
    </option>
  ));
}
