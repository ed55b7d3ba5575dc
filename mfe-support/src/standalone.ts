import 'shared-contracts/base.css';
import 'shared-contracts/standalone.css';
import { ROUTES } from 'shared-contracts';
import { startStandalone } from 'shared-contracts/standalone';
import * as app from './app/lifecycles.js';

void startStandalone({ name: 'support', app, basename: ROUTES.supportCenter });
