import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_sysadmin/admin/users')({
  head: () => ({ meta: [{ title: 'Usuários | Contábil' }] }),
  component: () => <ComingSoon title="Usuários">Aqui a equipe vai listar, criar e consultar usuários.</ComingSoon>,
});
