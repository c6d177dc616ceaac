import { blobStoreContract } from './testing/contract';
import { s3rverStoreForFile } from './testing/s3rver';

const store = s3rverStoreForFile();

blobStoreContract('s3 (s3rver)', store);
