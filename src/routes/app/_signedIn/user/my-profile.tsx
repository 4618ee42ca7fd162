import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { userQueries } from '@/features/users/api';
import { Button } from '@/components/ui/Button';
import { Alert, Card, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { DeleteAccount } from '@/features/users/components/DeleteAccount';
import { PasswordForm } from '@/features/users/components/PasswordForm';
import { PhotoField } from '@/features/users/components/PhotoField';
import { ProfileForm } from '@/features/users/components/ProfileForm';
import { TaxRemindersSetting } from '@/features/users/components/TaxRemindersSetting';
import { useSessionActor } from '@/lib/session-handle';
import { requireCompany } from '@/lib/guards';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

export const Route = createFileRoute('/app/_signedIn/user/my-profile')({
  // Pages of the person that still need a company chosen (the other /app/user pages do not).
  beforeLoad: async (args) => {
    await requireCompany(args);
  },
  loader: async ({ context }) => {
    const uid = (await context.session.ready()).getSnapshot().context.user?.uid;
    if (uid) await context.queryClient.ensureQueryData(userQueries.detail(uid));
  },
  head: () => headOfPage('/app/user/my-profile'),
  pendingComponent: () => <PageSpinner label="Carregando seu perfil…" />,
  errorComponent: ProfileError,
  component: MyProfilePage,
});

function ProfileError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div>
      <PageHeader title={PAGE_HEADINGS['/app/user/my-profile']} />
      <Alert>{(error instanceof Error && error.message) || 'Não foi possível carregar seu perfil.'}</Alert>
      <Button variant="secondary" className="mt-4" onClick={() => void router.invalidate()}>
        Tentar novamente
      </Button>
    </div>
  );
}

function MyProfilePage() {
  const uid = useSelector(useSessionActor(), (s) => s.context.user?.uid);
  if (!uid) return null;
  return <Profile uid={uid} />;
}

function Profile({ uid }: { uid: string }) {
  const { data: user } = useSuspenseQuery(userQueries.detail(uid));
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_HEADINGS['/app/user/my-profile']}
        description="Seus dados de contato, sua foto, os avisos por e-mail e sua senha."
      />
      <Card>
        <h2 className="mb-4 text-lg font-bold text-slate-900">Dados pessoais</h2>
        <div className="space-y-6">
          <PhotoField user={user} />
          {/* Keyed by the saved values: after a save the form starts from what the server kept. */}
          <ProfileForm key={`${user.name}|${user.phone}`} user={user} />
        </div>
      </Card>
      <Card>
        <h2 id="avisos" className="mb-4 scroll-mt-24 text-lg font-bold text-slate-900">
          Avisos por e-mail
        </h2>
        <TaxRemindersSetting user={user} />
      </Card>
      <Card>
        <h2 className="text-lg font-bold text-slate-900">Senha</h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">Para sua segurança, confirme a senha atual antes de escolher outra.</p>
        <PasswordForm />
      </Card>
      <Card className="border-red-200">
        <h2 className="mb-2 text-lg font-bold text-red-700">Excluir conta</h2>
        <DeleteAccount userId={user.id} />
      </Card>
    </div>
  );
}
