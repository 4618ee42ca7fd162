import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../../../components/PublicPage';
import { pageNotFound } from '../../../../router/navigation';

/** `{code}-{text}`: the 7-digit subclass code, then its description as a slug. */
const CODE_TEXT = /^(\d{7})(?:-[a-z0-9-]+)?$/;

export const Route = createFileRoute('/_institutional/tools/cnae/$codeText')({
  beforeLoad: ({ params, location }) => {
    if (!CODE_TEXT.test(params.codeText)) throw pageNotFound(location.pathname);
  },
  component: CnaePage,
});

function CnaePage() {
  const { codeText } = Route.useParams();
  const code = CODE_TEXT.exec(codeText)![1];
  return <PublicPage title={`CNAE ${code.replace(/^(\d{4})(\d)(\d{2})$/, '$1-$2/$3')}`} />;
}
