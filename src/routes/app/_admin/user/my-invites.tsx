import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/user/my-invites')({
  head: () => ({ meta: [{ title: 'Convites | Contábil' }] }),
  component: () => (
    <ComingSoon title="Convites">Aqui você vai convidar pessoas por e-mail e acompanhar os convites enviados.</ComingSoon>
  ),
});
