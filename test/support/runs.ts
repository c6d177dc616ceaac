import { runBoard as requestBoard } from '../../lib/comparisons/run-board';
import { runEdit as requestEdit } from '../../lib/edits/run-edit';
import { ran } from '../../lib/generations/approval-gate';
import { createVideo as requestVideo } from '../../lib/videos/create-video';

// The features' runs for tests whose people are never held for approval (owners, or teams without
// the setting): each answers its result, and a hold fails the test. The approvals tests call the
// features themselves, and see the holds.

export const runBoard = async (...args: Parameters<typeof requestBoard>) => ran(await requestBoard(...args));
export const runEdit = async (...args: Parameters<typeof requestEdit>) => ran(await requestEdit(...args));
export const createVideo = async (...args: Parameters<typeof requestVideo>) => ran(await requestVideo(...args));
