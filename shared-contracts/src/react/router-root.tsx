import type { ComponentType } from 'react';
import { BrowserRouter } from 'react-router';
import type { RemoteProps } from 'shared-contracts';

/**
 * A remote's root component (`createRemoteApp`'s `rootComponent`): its routes in a browser router nested under the
 * basename the shell hands it ('/' or '/SupportCenter'). The remote's first view renders the same routes in a
 * StaticRouter on the server.
 */
export function routerRoot(Routes: ComponentType): ComponentType<RemoteProps> {
  return function RouterRoot({ basename }: RemoteProps) {
    return (
      <BrowserRouter basename={basename}>
        <Routes />
      </BrowserRouter>
    );
  };
}
