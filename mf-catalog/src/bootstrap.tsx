// Standalone harness for this remote's own dev loop; the shell never loads this file.
import { renderStandalone } from '@cliffhanger/shared/harness';
import remoteModule from './module';

renderStandalone(remoteModule);
