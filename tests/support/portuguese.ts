/**
 * Why a message shown to a person is not plain Portuguese, or null: English words libraries use ("Invalid type:
 * Expected…", "Malformed JSON", "Not Found"…), or no Portuguese at all.
 */
export function notPortuguese(message: unknown): string | null {
  if (typeof message !== 'string' || !message.trim()) return `not a message: ${JSON.stringify(message)}`;
  const english =
    /\b(invalid|expected|received|required|must|should|unexpected|undefined|NaN|error|failed|failure|type|string|number|object|array|property|missing|cannot|unable|not found|malformed|unauthorized|forbidden|request|payload|internal)\b/i;
  const found = english.exec(message);
  if (found) return `English ("${found[0]}") in: ${message}`;
  const portuguese =
    /[áéíóúâêôãõçÁÉÍÓÚÂÊÔÃÕÇ]|\b(a|o|as|os|e|ou|de|do|da|dos|das|em|no|na|para|por|não|um|uma|sua|seu|com|até|mais|use)\b|\w(ente|ado|ada|ido|ida)\b/i;
  if (!portuguese.test(message)) return `no Portuguese in: ${message}`;
  return null;
}

/** The problems of an error envelope `{ error: { code, message, fields? } }` in Portuguese, or []. */
export function envelopeProblems(body: unknown): string[] {
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object') return [`no error envelope: ${JSON.stringify(body)?.slice(0, 200)}`];
  const problems: string[] = [];
  if (typeof error.code !== 'string' || !error.code) problems.push(`no code: ${JSON.stringify(error)}`);
  const message = notPortuguese(error.message);
  if (message) problems.push(`message: ${message}`);
  if (error.fields !== undefined) {
    if (!error.fields || typeof error.fields !== 'object') problems.push(`fields not an object: ${JSON.stringify(error.fields)}`);
    else
      for (const [field, text] of Object.entries(error.fields)) {
        const problem = notPortuguese(text);
        if (problem) problems.push(`field ${field}: ${problem}`);
      }
  }
  return problems;
}
