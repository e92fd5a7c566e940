import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { RouteGuard } from '../../../app/route-guard';

/** Replaced by the full shell (navbar, menu, breadcrumb, footer). */
export function MainLayout() {
  return (
    <Container size="xl" py="md">
      <RouteGuard>
        <Outlet />
      </RouteGuard>
    </Container>
  );
}
