import 'shared-contracts/base.css';
import 'shared-contracts/standalone.css';
import { startStandalone } from 'shared-contracts/standalone';
import * as app from './app/lifecycles.js';

void startStandalone({ name: 'catalog', app, basename: '/' });
