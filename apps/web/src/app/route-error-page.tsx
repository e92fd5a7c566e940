import { Navigate, useRouteError } from 'react-router';

/** A page that failed to load or render: logged, and the user sees the 500 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return <Navigate to="/pages/error-500" replace />;
}
