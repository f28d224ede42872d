/** The help centre's answers: one per question a user asks, each linking to the screen it talks about. */
export interface HelpArticle {
  id: string;
  topic: HelpTopic;
  question: string;
  answer: string[];
  /** Other words people use for this (searched, not shown), most telling first: earlier ones rank higher. */
  keywords: string;
  /** A screen of the app, or '#contact' for the contact form on the help page itself. */
  link: { to: string; label: string };
}

export const helpTopics = [
  'Getting started',
  'Transactions and import',
  'Dashboard',
  'Goals',
  'AI coach and privacy',
  'Points and FINU',
  'Wallet',
  'Trial and plans',
  'Security',
  'Your data',
] as const;
export type HelpTopic = (typeof helpTopics)[number];

export const helpArticles: HelpArticle[] = [
  {
    id: 'first-steps',
    topic: 'Getting started',
    question: 'How do I get started?',
    answer: [
      'Answer the four onboarding questions (currency, monthly income, main goal, what you want help with): the coach and the dashboard start from them.',
      'Then add a few transactions or import a CSV statement from your bank, and set a savings goal. Want to look around first? Load the demo year from the Transactions page.',
    ],
    keywords: 'begin setup onboarding welcome new account first time demo data',
    link: { to: '/onboarding?force=true', label: 'Open onboarding' },
  },
  {
    id: 'change-answers',
    topic: 'Getting started',
    question: 'Can I change my onboarding answers later?',
    answer: ['Yes. Settings → Profile changes your name, currency and monthly income; “Revisit onboarding answers” opens the questions again. Cancel leaves everything as it was.'],
    keywords: 'edit income currency goal profile revisit',
    link: { to: '/settings', label: 'Open Settings' },
  },
  {
    id: 'add-transaction',
    topic: 'Transactions and import',
    question: 'How do I add, edit or delete a transaction?',
    answer: [
      'On Transactions, choose “Add transaction”, pick income or expense, the amount, date and category. Click a row to edit it or delete it.',
      'Every figure on the dashboard and every coach answer updates at once.',
    ],
    keywords: 'expense income spending record entry edit remove category',
    link: { to: '/transactions', label: 'Open Transactions' },
  },
  {
    id: 'csv-import',
    topic: 'Transactions and import',
    question: 'How do I import my bank statement (CSV)?',
    answer: [
      'On Transactions choose Import and drop the CSV file your bank exports. Finu recognises the columns (date, description, amount or debit/credit), shows a preview and flags duplicates of transactions you already have.',
      'Big files import in the background: you can keep using the app, and an interrupted import resumes where it stopped.',
    ],
    keywords: 'upload file spreadsheet excel bank export statement duplicates csv import',
    link: { to: '/transactions', label: 'Import on Transactions' },
  },
  {
    id: 'filters-totals',
    topic: 'Transactions and import',
    question: 'How do I find transactions and check a total?',
    answer: ['Use the search box and filters (date range, type, category, amount) on Transactions. The list can be exported as CSV with the same filters.'],
    keywords: 'search filter find total sum export csv category date range',
    link: { to: '/transactions', label: 'Open Transactions' },
  },
  {
    id: 'dashboard-periods',
    topic: 'Dashboard',
    question: 'What do the dashboard figures mean?',
    answer: [
      'Income, spending, net and savings rate for the period you choose, each compared with the period just before it when your history covers it. Savings rate is net divided by income, so it is undefined in a period without income.',
      'Spending by category and your top merchants show where the money goes.',
    ],
    keywords: 'analytics chart savings rate period compare income spending categories merchants',
    link: { to: '/dashboard', label: 'Open the dashboard' },
  },
  {
    id: 'appearance',
    topic: 'Getting started',
    question: 'Can I use Finu in dark mode?',
    answer: ['Settings → Appearance → Theme: Light (the default), Dark, or “Follow the system” to match your device as it switches between day and night. The moon and sun button in the top bar switches between light and dark. The choice is remembered on this device.'],
    keywords: 'theme dark mode night light appearance colours colors display system',
    link: { to: '/settings', label: 'Open Settings' },
  },
  {
    id: 'hide-balances',
    topic: 'Dashboard',
    question: 'How do I hide my balances from people nearby?',
    answer: ['Use the eye button in the top bar, or Settings → Appearance → Hide balances. Every amount is masked, the coach’s answers included, until you show them again. The choice is remembered on this device.'],
    keywords: 'privacy mask amounts numbers hide eye screen',
    link: { to: '/settings', label: 'Open Settings' },
  },
  {
    id: 'goals',
    topic: 'Goals',
    question: 'How do savings goals work?',
    answer: [
      'Create a goal with a target amount and date on Budget. Add money to it or withdraw from it at any time; each move is kept in the goal’s history and Finu shows how much to put aside each month to arrive on time.',
    ],
    keywords: 'budget save target deposit withdraw funds emergency fund history',
    link: { to: '/budget', label: 'Open Budget' },
  },
  {
    id: 'coach',
    topic: 'AI coach and privacy',
    question: 'What can the AI coach do?',
    answer: [
      'Ask about your own money in plain words: “How much did I spend on groceries last month?”, “Can I afford a €300 purchase?”, “How am I doing on my goal?”. It reads your transactions, goals and profile to answer, and keeps your conversations so you can come back to them.',
    ],
    keywords: 'chat ai assistant advice questions conversation ask',
    link: { to: '/ai-coach', label: 'Open the AI coach' },
  },
  {
    id: 'coach-privacy',
    topic: 'AI coach and privacy',
    question: 'Is my data private when I use the coach?',
    answer: [
      'The coach reads only your own data, and only to answer you. Conversations are stored with your account; delete one from the conversation list, clear the coach’s memory, or delete your account to remove all of them.',
    ],
    keywords: 'privacy data security ai model share conversations delete memory',
    link: { to: '/ai-coach', label: 'Open the AI coach' },
  },
  {
    id: 'points',
    topic: 'Points and FINU',
    question: 'How do I earn points, and what is FINU?',
    answer: [
      'You earn points for building good habits: recording transactions, reaching goal milestones, exploring features. Points can be converted into FINU, the app’s token, which is sent to your wallet.',
    ],
    keywords: 'rewards tokens earn convert crypto points balance milestones',
    link: { to: '/tokens', label: 'Open Tokens' },
  },
  {
    id: 'wallet-backup',
    topic: 'Wallet',
    question: 'How do I back up my wallet?',
    answer: ['On Tokens, open the wallet and choose Backup. Keep the backup somewhere safe and offline: whoever has it controls the tokens. Finu staff will never ask you for it.'],
    keywords: 'wallet backup recovery phrase private key crypto address web3',
    link: { to: '/tokens', label: 'Open Tokens' },
  },
  {
    id: 'trial',
    topic: 'Trial and plans',
    question: 'How does the free trial work?',
    answer: [
      'Your free trial starts by itself the first time you open a feature. Nothing is charged during the trial. Before it ends, choose a monthly or yearly plan in Settings → Subscription to keep every feature.',
    ],
    keywords: 'free trial subscription price plan billing payment days left',
    link: { to: '/settings', label: 'Open Subscription' },
  },
  {
    id: 'cancel',
    topic: 'Trial and plans',
    question: 'How do I change or cancel my plan?',
    answer: ['Settings → Subscription: “Manage billing” changes the plan or card; “Cancel subscription” stops renewals and keeps your access until the end of the paid period.'],
    keywords: 'cancel subscription refund change plan card billing portal invoice',
    link: { to: '/settings', label: 'Open Subscription' },
  },
  {
    id: 'password',
    topic: 'Security',
    question: 'How do I change or reset my password?',
    answer: [
      'Signed in: Settings → Password. Changing it signs out your other devices. Forgot it: choose “Forgot password?” on the login page and follow the emailed link.',
      'Finu refuses passwords that are easy to guess; a few unusual words make a strong one.',
    ],
    keywords: 'password forgot reset change login sign in security strength',
    link: { to: '/settings', label: 'Open Settings' },
  },
  {
    id: 'account-safety',
    topic: 'Security',
    question: 'How is my account protected?',
    answer: [
      'Passwords are stored only as a slow hash, sign-in attempts are limited, and a password change ends every other session. Finu will never ask for your password or wallet backup by email.',
      'To sign out, use “Log out” at the bottom of the menu. Lost a phone or used a shared computer? Settings → Sessions → “Log out everywhere” ends every session at once.',
    ],
    keywords: 'security logout log out sign out everywhere safe hack protect session devices phishing',
    link: { to: '/settings', label: 'Open Settings' },
  },
  {
    id: 'export',
    topic: 'Your data',
    question: 'How do I download all my data?',
    answer: ['Settings → Your data → “Prepare my data” builds a zip with every record of yours as JSON and your transactions as CSV. Large accounts take a minute; the progress is shown and you can leave the page meanwhile.'],
    keywords: 'export download backup gdpr zip json csv copy data portability',
    link: { to: '/settings', label: 'Open Your data' },
  },
  {
    id: 'delete-account',
    topic: 'Your data',
    question: 'How do I delete my account?',
    answer: [
      'Settings → Your data → “Delete my account”, then confirm with your password. Every record of yours is deleted at once, any subscription is cancelled with no further charge, you are signed out and a goodbye email confirms it. This cannot be undone.',
    ],
    keywords: 'delete remove close account erase gdpr forget me cancel',
    link: { to: '/settings', label: 'Open Your data' },
  },
  {
    id: 'contact',
    topic: 'Getting started',
    question: 'How do I contact support?',
    answer: ['Use the form “Still stuck? Write to us” at the bottom of this page: pick a topic, describe what you did and what happened. We answer by email, usually within one working day.'],
    keywords: 'contact support help email human person team write message bug problem feedback',
    link: { to: '#contact', label: 'Write to us' },
  },
];
