import { Link } from '@tanstack/react-router';

export function Brand({ to = '/', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 font-bold tracking-tight" aria-label="Contábil, página inicial">
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
    </Link>
  );
}
