import { Link } from '@tanstack/react-router';
import type { MenuSection } from './menus';

export function SideMenu({ sections, onNavigate }: { sections: MenuSection[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Menu principal" className="flex flex-col gap-6">
      {sections.map((section, i) => (
        <div key={section.title ?? i}>
          {section.title && (
            <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</p>
          )}
          <ul className="flex flex-col gap-1">
            {section.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  activeOptions={{ exact: item.exact ?? false }}
                  className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                  activeProps={{ className: 'bg-brand-50 text-brand-800 hover:bg-brand-50', 'aria-current': 'page' }}
                >
                  <item.icon className="size-5 shrink-0" aria-hidden="true" />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
