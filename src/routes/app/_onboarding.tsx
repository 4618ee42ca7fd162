import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Brand } from '../../components/Brand';
import { requireAuth } from '../../lib/guards';
import { UserMenu } from './-components/UserMenu';

/** Onboarding layout (docs/features.md): the wizards, without the side menu. */
export const Route = createFileRoute('/app/_onboarding')({
  beforeLoad: async (args) => {
    await requireAuth(args);
  },
  component: OnboardingLayout,
});

function OnboardingLayout() {
  return (
    <div data-layout="onboarding" className="min-h-screen bg-slate-50">
      <header className="flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4 sm:px-6">
        <Brand to="/app/panel" />
        <UserMenu />
      </header>
      <main id="conteudo" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}
