import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireAuth } from '../../lib/guards';

/** Default layout (docs/features.md): a plain page, used by the bank sign-in callback. */
export const Route = createFileRoute('/app/_default')({
  beforeLoad: async (args) => {
    await requireAuth(args);
  },
  component: () => (
    <main id="conteudo" data-layout="default" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-10">
      <Outlet />
    </main>
  ),
});
