import { useMemo } from 'react';
import { Navigate, createBrowserRouter, RouterProvider } from 'react-router';
import { SUPPORT_DEFAULT_STEP, SUPPORT_STEPS } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { SupportLayout } from '../features/steps/support-layout.js';
import { StepPage } from '../features/steps/step-page.js';

/** The support centre's nested routes (DESIGN §7): steps zero to four under /SupportCenter. */
export function SupportRoot({ basename }: RemoteProps) {
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          {
            path: '/',
            element: <SupportLayout />,
            children: [
              { index: true, element: <Navigate to={SUPPORT_DEFAULT_STEP} replace /> },
              ...SUPPORT_STEPS.map((step) => ({ path: step, element: <StepPage step={step} /> })),
              { path: '*', element: <Navigate to={SUPPORT_DEFAULT_STEP} replace /> },
            ],
          },
        ],
        { basename },
      ),
    [basename],
  );
  return <RouterProvider router={router} />;
}
