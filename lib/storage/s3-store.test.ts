import { blobStoreContract } from './testing/contract';
import { useS3rverStore } from './testing/s3rver';

const store = useS3rverStore();

blobStoreContract('s3 (s3rver)', store);
