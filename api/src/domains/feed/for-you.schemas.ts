/** The for-you feed's answer: declared once in the shared contracts (`ForYouFeedSchema`). */
export { ForYouClipSchema, ForYouFeedSchema } from '@cliffhanger/shared/contracts';
