import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button } from './Button';
import { SearchInput } from './SearchInput';

/**
 * A list's search box with its "Buscar" button: the text is kept while typing and handed to `onSearch` on submit,
 * trimmed (empty → undefined). `children` are the list's other filters, placed between the box and the button.
 */
export function SearchForm({
  value,
  onSearch,
  label,
  placeholder,
  visibleLabel = false,
  className = 'flex gap-2',
  inputClassName = 'flex-1',
  children,
}: {
  value: string | undefined;
  onSearch: (query: string | undefined) => void;
  label: string;
  placeholder: string;
  visibleLabel?: boolean;
  className?: string;
  inputClassName?: string;
  children?: ReactNode;
}) {
  const [query, setQuery] = useState(value ?? '');
  // The URL's search changed elsewhere (Back, a menu link, "Ver todos"): the box shows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setQuery(value ?? '');
  }
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query.trim() || undefined);
      }}
    >
      <SearchInput
        label={label}
        visibleLabel={visibleLabel}
        placeholder={placeholder}
        className={inputClassName}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {children}
      <Button type="submit" variant="secondary" className={visibleLabel ? 'self-end' : ''}>
        Buscar
      </Button>
    </form>
  );
}
