import 'shared-contracts/base.css';
import 'shared-contracts/standalone.css';
import { ROUTES, startStandalone } from 'shared-contracts';
import app from './app/lifecycles.js';

void startStandalone({ name: 'account', app, basename: '/', startPath: ROUTES.login });
