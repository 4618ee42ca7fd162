import { createFileRoute } from '@tanstack/react-router';
import { CityPage, parseCityState } from '../../../components/CityPage';
import { pageNotFound } from '../../../router/navigation';

export const Route = createFileRoute('/_institutional/contabilidade-em/$cityState')({
  beforeLoad: ({ params, location }) => {
    if (!parseCityState(params.cityState)) throw pageNotFound(location.pathname);
  },
  component: () => <CityPage kind="contabilidade" cityState={Route.useParams().cityState} />,
});
