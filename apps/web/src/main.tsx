import { startApp } from './app/start.tsx';

startApp();
