export { blockMember, blockMutationKey, registerBlockMutations, useBlockMember } from './block-member';
export { blocksQueryOptions, getBlocks, useBlocks } from './get-blocks';
export { blockKeys } from './keys';
export { unblockMember, useUnblockMember } from './unblock-member';
export { withoutMember } from './without-member';
