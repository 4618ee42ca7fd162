import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../components/ComingSoon';

export const Route = createFileRoute('/app/_admin/_company/user/my-profile')({
  head: () => ({ meta: [{ title: 'Meu perfil | Contábil' }] }),
  component: () => <ComingSoon title="Meu perfil">Aqui você vai editar seu nome, celular, foto e senha.</ComingSoon>,
});
