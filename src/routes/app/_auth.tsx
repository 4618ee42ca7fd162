import { Outlet, createFileRoute } from '@tanstack/react-router';
import { Brand } from '../../components/Brand';

export const Route = createFileRoute('/app/_auth')({
  component: AuthLayout,
});

function AuthLayout() {
  return (
    <div
      data-layout="auth"
      className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10"
    >
      <header className="mb-8">
        <Brand />
      </header>
      <main className="w-full max-w-md">
        <Outlet />
      </main>
    </div>
  );
}
