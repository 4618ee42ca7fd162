import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_company/user/my-referrals')({
  head: () => ({ meta: [{ title: 'Indicações | Contábil' }] }),
  component: () => <ComingSoon title="Indicações">Aqui estará o seu link de indicação e quem se cadastrou com ele.</ComingSoon>,
});
