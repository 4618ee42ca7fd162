import type { PayloadField } from '@domain';
import { describePayload } from '@domain';

function Fields({ fields }: { fields: PayloadField[] }) {
  if (fields.length === 0) return <p className="text-sm text-slate-500">Sem dados.</p>;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {fields.map((field) => (
        <div key={field.key} className="contents">
          <dt className="text-slate-500">{field.label}</dt>
          <dd className="text-slate-800">
            {'text' in field ? (
              field.text === '—' ? (
                <span className="text-slate-500">—</span>
              ) : (
                field.text
              )
            ) : 'fields' in field ? (
              <Fields fields={field.fields} />
            ) : (
              <ol className="space-y-2">
                {field.items.map((item, i) => (
                  <li key={i} className="rounded-lg border border-slate-100 p-2">
                    <Fields fields={item} />
                  </li>
                ))}
              </ol>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A step's payload as the team reads it: Portuguese labels and values as the customer's screens show them. */
export function PayloadView({ payload }: { payload: Record<string, unknown> | null }) {
  return <Fields fields={describePayload(payload)} />;
}
