import { Link } from '@tanstack/react-router';

/** The logo, leading to a page of the app, or by default to the public site (served apart: a full page load). */
export function Brand({ to, inverted = false }: { to?: string; inverted?: boolean }) {
  const className = 'inline-flex items-center gap-2 font-bold tracking-tight';
  const logo = <Logo inverted={inverted} />;
  return to ? (
    <Link to={to} className={className} aria-label="Contábil, página inicial">
      {logo}
    </Link>
  ) : (
    <a href="/" className={className} aria-label="Contábil, página inicial">
      {logo}
    </a>
  );
}

function Logo({ inverted }: { inverted: boolean }) {
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : '#0f766e'} />
        <path
          d="M9 17.5l4.5 4.5L23 11"
          fill="none"
          stroke={inverted ? '#0f766e' : '#fff'}
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={`text-lg ${inverted ? 'text-white' : 'text-slate-900'}`}>Contábil</span>
    </>
  );
}
