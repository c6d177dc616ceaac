import { redirect } from 'next/navigation';
import { currentUser } from '@/lib/auth/context';

export default async function Home() {
  redirect((await currentUser()) ? '/edit' : '/sign-in');
}
