import type { ComponentType, SVGProps } from 'react';
import {
  BanknotesIcon,
  CalculatorIcon,
  BuildingOffice2Icon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  ClipboardDocumentListIcon,
  DocumentTextIcon,
  FolderIcon,
  GiftIcon,
  HandRaisedIcon,
  ReceiptPercentIcon,
  UserCircleIcon,
  UsersIcon,
  ArrowsRightLeftIcon,
  CreditCardIcon,
  IdentificationIcon,
  EnvelopeIcon,
  CpuChipIcon,
} from '@heroicons/react/24/outline';

export interface MenuItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Highlight only on the exact path (for parents of other items). */
  exact?: boolean;
}

export interface MenuSection {
  title?: string;
  items: MenuItem[];
}

/** The customer's side menu. */
export const CUSTOMER_MENU: MenuSection[] = [
  {
    items: [
      { to: '/app/panel', label: 'Painel', icon: ChartBarIcon },
      { to: '/app/invoices', label: 'Notas fiscais', icon: ReceiptPercentIcon },
      { to: '/app/bank-statements/accounts', label: 'Extratos bancários', icon: BanknotesIcon },
      { to: '/app/taxes', label: 'Impostos', icon: CalculatorIcon },
      { to: '/app/documents', label: 'Documentos', icon: FolderIcon },
    ],
  },
  {
    title: 'Minha conta',
    items: [
      { to: '/app/user/my-profile', label: 'Meu perfil', icon: UserCircleIcon },
      { to: '/app/user/my-docs', label: 'Meus documentos', icon: IdentificationIcon },
      { to: '/app/user/my-billing', label: 'Assinatura e pagamentos', icon: CreditCardIcon },
      { to: '/app/user/my-referrals', label: 'Indicações', icon: GiftIcon },
      { to: '/app/user/my-invites', label: 'Convites', icon: EnvelopeIcon },
    ],
  },
  {
    title: 'Parceiros',
    items: [{ to: '/app/partners/duca', label: 'Programa Duca', icon: HandRaisedIcon }],
  },
];

/** The accounting team's side menu. */
export const ADMIN_MENU: MenuSection[] = [
  {
    title: 'Empresas',
    items: [
      { to: '/app/admin/companies', label: 'Todas as empresas', icon: BuildingOffice2Icon, exact: true },
      { to: '/app/admin/companies/opening-orders', label: 'Pedidos de abertura', icon: ClipboardDocumentListIcon },
      { to: '/app/admin/companies/migration-orders', label: 'Pedidos de migração', icon: ArrowsRightLeftIcon },
    ],
  },
  {
    title: 'Operação',
    items: [
      { to: '/app/admin/invoices/nf-requests', label: 'Solicitações de NF', icon: DocumentTextIcon },
      { to: '/app/admin/obligations', label: 'Impostos do mês', icon: CalculatorIcon },
      { to: '/app/admin/users', label: 'Usuários', icon: UsersIcon },
      { to: '/app/admin/leads', label: 'Contatos do site', icon: ChatBubbleLeftRightIcon },
      { to: '/app/admin/machines', label: 'Máquinas de estado', icon: CpuChipIcon },
    ],
  },
];
