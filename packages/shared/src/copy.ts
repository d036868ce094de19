/**
 * The shop's copy, word for word (its odd spellings included; docs/behaviour.md §10.1). A copy edit
 * is a change to this one file. See docs/decisions/0002-spec-copy-verbatim.md.
 */
export const copy = {
  // Validation (docs/behaviour.md §9.3)
  emailRequired: 'Email is required!',
  emailInvalid: 'Enter valid email!',
  passwordRequired: 'Password is required!',
  passwordTooShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is required!',
  maxQuantityRequired: 'Max-Qauntity is required!',
  minQuantityRequired: 'Min-Qauntity is required!',
  descriptionRequired: 'description is required!',
  imageRequired: 'Image is required!',
  purchaseFillForm: 'Plese Fill Up this Form',
  belowMinimumOrder: 'You have to order minimun quantiy',
  aboveStock: "We don't have that much stock",
  orderMinimumHint: 'Order minimum Quality',
  reviewMissingBoth: 'Please add Ratings & Reviews!',
  reviewMissingRating: 'Please add Ratings!',
  reviewMissingText: 'Please add Review!',
  reviewThanks: "Thank's For Reviews!",
  profileFillForm: 'Please Fill Up Full Form',
  profileUpdated: 'Profile Updated Successfuly',

  // Toasts and errors (docs/behaviour.md §10)
  userNotFound: 'User not exist!',
  wrongPassword: 'Wrong Password !',
  loginPopupClosed: 'Google Popup Closed',
  signupPopupClosed: 'Google Popup Closed !',
  emailAlreadyExists: 'Email Already exists!',
  deletedSuccessfully: (tool: string) => `${tool} deleted successfully`,
  paymentSucceeded: 'Congrats! Your payment is Successfull',
  orderSucceeded: 'Order Successfull',
  madeAdmin: 'Successfuly made an admin',
  makeAdminFailed: 'Failed to made admin',
  shipped: 'Product is on the way',
  productAdded: 'Product added successfully',
  productAddFailed: 'Failed to add Product',
  noUserLoggedIn: 'No user is logged in',

  // Screens (docs/behaviour.md §2)
  dashboardPlaceholder: 'Connect me to see the admin control system of this website',
  homeHeadline: 'Best online Creative Paiting Tools menufecturer',
  homeExploreButton: 'Explore Our Tools',
  homeWhatWeMake: 'What we Menufectures',
  homeExploreAll: 'Explore All Painting Tools',
  blogsHeading: 'Welcome To My Blogs',
  productsHeading: 'Availabe Painting Tools',
  availableQuantityLabel: 'Availabe Quantity',
  cancelOrderQuestion: (tool: string) => `Are you sure ? You want to delete ${tool} Orders!`,
  deleteToolQuestion: (tool: string) => `Are you sure? You want to delete ${tool} Stocks!`,
  notFound: 'Opps Page Not Found !',
  backHome: 'Back To Home Page',
  transactionIdHeader: 'Transection Id',
  profileFallback: {
    address: 'No address given',
    study: 'Study info not given',
  },
  continueWithGoogle: 'Continue With Google',
  // Account recovery and e-mail verification (docs/behaviour.md §4.8): our own words.
  recovery: {
    forgotTitle: 'Forgot Your Password?',
    forgotIntro:
      'Enter the e-mail address of your account and we will send you a link to choose a new password.',
    forgotSubmit: 'Send Reset Link',
    resetLinkSent:
      'If an account uses that address, a link to choose a new password is on its way. It works once, for one hour.',
    resetTitle: 'Choose a New Password',
    resetIntro: 'Type the new password for your account.',
    resetSubmit: 'Save New Password',
    passwordChanged: 'Your password was changed. Please log in with the new one.',
    resetLinkInvalid:
      'This link is not valid any more: it was used, it expired, or it is incomplete. Ask for a new one.',
    askAgain: 'Ask For A New Link',
    backToLogin: 'Back To Login',
    verifyTitle: 'E-mail Verification',
    verifying: 'Checking your link…',
    verified: 'Your e-mail address is verified. Thank you!',
    verifyLinkInvalid:
      'This verification link is not valid any more. Log in and ask for a new one from your dashboard.',
    unverifiedBanner: 'Please confirm your e-mail address with the link we sent you.',
    sendAgain: 'Send Again',
    verificationSent: (email: string) => `We sent a new link to ${email}.`,
  },

  // Our own (docs/behaviour.md §12): the original has no text for these.
  orderTotalTooHigh: 'An order can total at most $999,999.99; order fewer',
  passwordTooCommon: 'This password is too common',
  tooManyAttempts: (wait: string) => `Too many attempts. Try again in ${wait}.`,
} as const;
