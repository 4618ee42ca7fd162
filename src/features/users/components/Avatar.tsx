/** "Carlos Mendes" → "CM"; the e-mail's first letter when there is no name. */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const source = name?.trim() || email || '?';
  const parts = source.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-12 text-sm', lg: 'size-20 text-xl' } as const;

/** A person's photo, or their initials on the brand colour. Decorative: the name is always written beside it. */
export function Avatar({
  name,
  email,
  photoUrl,
  size = 'md',
}: {
  name: string | null | undefined;
  email?: string | null;
  photoUrl: string | null | undefined;
  size?: keyof typeof SIZES;
}) {
  return photoUrl ? (
    <img src={photoUrl} alt="" className={`${SIZES[size]} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white`}
    >
      {initialsOf(name, email)}
    </span>
  );
}
