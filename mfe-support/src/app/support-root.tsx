import { useMemo } from 'react';
import { Navigate, createBrowserRouter, RouterProvider } from 'react-router';
import { SUPPORT_DEFAULT_STEP, SUPPORT_STEPS } from 'shared-contracts';
import type { RemoteProps } from 'shared-contracts/react';
import { ChooseGameStep } from '../features/choose-game/choose-game-step.js';
import { HelpTopicsStep } from '../features/help-topics/help-topics-step.js';
import { StepPage } from '../features/steps/step-page.js';
import { SupportLayout } from '../features/steps/support-layout.js';

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
              { path: 'game', element: <ChooseGameStep /> },
              { path: 'question', element: <HelpTopicsStep /> },
              ...SUPPORT_STEPS.filter((step) => step !== 'game' && step !== 'question').map((step) => ({
                path: step,
                element: <StepPage step={step} />,
              })),
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
