export { registerBlockMutations, useBlockMember } from './block-member';
export { blocksQueryOptions, useBlocks } from './get-blocks';
export { useUnblockMember } from './unblock-member';
export { withoutMember } from './without-member';
