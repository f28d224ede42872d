import { ask, chat, type Question } from './questions';

/**
 * The held-out third: written with the working questions, before the engine changed, and run
 * only at the end (`npm run eval:coach` without --working), so the figure reported for it was not
 * tuned against. Do not adjust the coach to these questions.
 */
export const HELD_OUT: Question[] = [
  // --- two-part questions
  ask('two_part', 'maya', 'Tell me my rent for October and also what I spent on shopping that month', (x) => [x.m(x.spend(x.month('october'), x.cat('Housing'))), x.m(x.spend(x.month('october'), x.cat('Shopping')))]),
  ask('two_part', 'leo', 'How much did I make in August, and what did I spend in total?', (x) => [x.m(x.income(x.month('august'))), x.m(x.spend(x.month('august')))]),
  ask('two_part', 'sam', 'what did I spend on transport in october and how much did I earn that month?', (x) => [x.m(x.spend(x.month('october'), x.cat('Transport'))), x.m(x.income(x.month('october')))]),
  ask('two_part', 'ava', 'How much went on insurance last month, and what was our total income?', (x) => [x.m(x.spend(x.lastMonth, x.cat('Insurance'))), x.m(x.income(x.lastMonth))]),
  ask('two_part', 'maya', 'how much did I spend on subscriptions this year, and how much on dining?', (x) => [x.m(x.spend(x.thisYear, x.cat('Subscriptions'))), x.m(x.spend(x.thisYear, x.cat('Dining')))]),
  ask('two_part', 'ava', 'what did we spend on health in january and how does it compare to our income?', (x) => [x.m(x.spend(x.month('january'), x.cat('Health'))), x.m(x.income(x.month('january')))]),

  // --- comparisons of two named periods
  ask('compare_periods', 'maya', 'Compare my Amazon spending in July and August', (x) => [x.m(x.spend(x.month('july'), x.mer('Amazon'))), x.m(x.spend(x.month('august'), x.mer('Amazon')))]),
  ask('compare_periods', 'leo', 'Did I spend more on the car in April or in May?', (x) => [x.m(x.spend(x.month('april'), x.cat('Car'))), x.m(x.spend(x.month('may'), x.cat('Car')))]),
  ask('compare_periods', 'sam', 'groceries: september vs october', (x) => [x.m(x.spend(x.month('september'), x.cat('Groceries'))), x.m(x.spend(x.month('october'), x.cat('Groceries')))]),
  ask('compare_periods', 'ava', 'How did our December spending compare with November?', (x) => [x.m(x.spend(x.month('december'))), x.m(x.spend(x.month('november')))]),
  ask('compare_periods', 'maya', 'how much more did I spend in September than in August?', (x) => [
    x.m(x.spend(x.month('september'))),
    x.m(x.spend(x.month('august'))),
    x.m(x.spend(x.month('september')) - x.spend(x.month('august'))),
  ]),
  ask('compare_periods', 'leo', 'compare my income in july and august', (x) => [x.m(x.income(x.month('july'))), x.m(x.income(x.month('august')))]),

  // --- a single transaction
  ask('single_transaction', 'maya', "What's the priciest thing I bought at Amazon in October?", (x) => [x.m(x.largest(x.month('october'), x.mer('Amazon')))]),
  ask('single_transaction', 'leo', 'largest single expense in May?', (x) => [x.m(x.largest(x.month('may')))]),
  ask('single_transaction', 'sam', 'What was my smallest grocery purchase last month?', (x) => [x.m(x.smallest(x.lastMonth, x.cat('Groceries')))]),
  ask('single_transaction', 'ava', 'Biggest Amazon order last year?', (x) => [x.m(x.largest(x.lastYear, x.mer('Amazon')))]),
  ask('single_transaction', 'maya', 'the most I paid for a single dinner at Bistro 21 this year', (x) => [x.m(x.largest(x.thisYear, x.mer('Bistro 21')))]),
  ask('single_transaction', 'sam', 'what was the largest paycheck I got this year?', (x) => [x.m(x.largest(x.thisYear, x.cat('Wages'), 'income'))]),

  // --- two subjects at once
  ask('two_subjects', 'maya', 'How much did I spend on Shell and Uber Eats in September?', (x) => [x.m(x.spend(x.month('september'), x.mer('Shell'))), x.m(x.spend(x.month('september'), x.mer('Uber Eats')))]),
  ask('two_subjects', 'leo', 'Telekom and Vattenfall last month?', (x) => [x.m(x.spend(x.lastMonth, x.mer('Telekom'))), x.m(x.spend(x.lastMonth, x.mer('Vattenfall')))]),
  ask('two_subjects', 'sam', 'How much did I spend on Lyft and the bus in November?', (x) => [x.m(x.spend(x.month('november'), x.mer('Lyft'))), x.m(x.spend(x.month('november'), x.words(/\bbus\b/i)))]),
  ask('two_subjects', 'ava', 'What did Netflix and Disney+ cost us in January?', (x) => [x.m(x.spend(x.month('january'), x.mer('Netflix'))), x.m(x.spend(x.month('january'), x.mer('Disney+')))]),
  ask('two_subjects', 'maya', 'coffee and groceries this month - how much?', (x) => [x.m(x.spend(x.thisMonth, x.words(/coffee/i))), x.m(x.spend(x.thisMonth, x.cat('Groceries')))]),
  ask('two_subjects', 'ava', 'insurance and utilities in december?', (x) => [x.m(x.spend(x.month('december'), x.cat('Insurance'))), x.m(x.spend(x.month('december'), x.cat('Utilities')))]),

  // --- merchant or purpose words
  ask('merchant_or_purpose_words', 'maya', 'How much have I spent on food delivery this year?', (x) => [x.m(x.spend(x.thisYear, x.words(/food delivery/i)))]),
  ask('merchant_or_purpose_words', 'leo', 'How much did the cinema cost me this year?', (x) => [x.m(x.spend(x.thisYear, x.words(/cinema/i)))]),
  ask('merchant_or_purpose_words', 'sam', 'what have I spent on movies since september?', (x) => [x.m(x.spend({ start: x.month('september').start, end: x.today }, x.words(/movie/i)))]),
  ask('merchant_or_purpose_words', 'ava', 'how much did we spend on water last month?', (x) => [x.m(x.spend(x.lastMonth, x.words(/water/i)))]),
  ask('merchant_or_purpose_words', 'leo', 'How much did the Italy trip cost?', (x) => [x.m(x.spend({ start: x.user.first, end: x.today }, x.words(/italy/i)))]),
  ask('merchant_or_purpose_words', 'ava', 'how much did the christmas presents cost us?', (x) => [x.m(x.spend({ start: x.user.first, end: x.today }, x.words(/christmas/i)))]),

  // --- typos in the time words
  ask('typo_time', 'maya', 'what did I spend on transport last montth', (x) => [x.m(x.spend(x.lastMonth, x.cat('Transport'))), x.says(/montth/i, "say it read 'montth'")]),
  ask('typo_time', 'leo', 'how much did I spend in Augst', (x) => [x.m(x.spend(x.month('august'))), x.says(/augst/i, "say it read 'Augst'")]),
  ask('typo_time', 'sam', 'groceries this mnoth?', (x) => [x.m(x.spend(x.thisMonth, x.cat('Groceries'))), x.says(/mnoth/i, "say it read 'mnoth'")]),
  ask('typo_time', 'ava', 'how much did we spend last yeer', (x) => [x.m(x.spend(x.lastYear)), x.says(/yeer/i, "say it read 'yeer'")]),
  ask('typo_time', 'maya', 'dining in Septembr?', (x) => [x.m(x.spend(x.month('september'), x.cat('Dining'))), x.says(/septembr/i, "say it read 'Septembr'")]),
  ask('typo_time', 'sam', 'how much did I earn in Novmber', (x) => [x.m(x.income(x.month('november'))), x.says(/novmber/i, "say it read 'Novmber'")]),

  // --- what is left for a goal
  ask('goal_left', 'maya', "what's left to save for my emergency fund?", (x) => [x.m(x.goal('Emergency fund').left)]),
  ask('goal_left', 'leo', 'How much do I still have to put in the tax reserve?', (x) => [x.m(x.goal('Tax reserve').left)]),
  ask('goal_left', 'sam', 'spring break fund - how much is missing?', (x) => [x.m(x.goal('Spring break 2026').left)]),
  ask('goal_left', 'ava', 'how close are we to the summer holiday goal? how much more is needed?', (x) => [x.m(x.goal('Summer holiday').left)]),
  ask('goal_left', 'leo', 'how much more for the laptop?', (x) => [x.m(x.goal('New laptop').left)]),

  // --- amounts without a currency sign
  ask('bare_amount', 'maya', 'could I afford a 3500 car repair in February?', (x) => [x.m(350_000), x.m(x.projected(x.futureMonth('february')))]),
  ask('bare_amount', 'leo', 'can I afford 750 for a new phone next month?', (x) => [x.m(75_000), x.m(x.projected('2025-11'))]),
  ask('bare_amount', 'sam', 'Can I afford a 400 dollar bike in January?', (x) => [x.m(40_000), x.m(x.projected(x.futureMonth('january')))]),
  ask('bare_amount', 'ava', 'Can we afford 2500 for a new kitchen in May?', (x) => [x.m(250_000), x.m(x.projected(x.futureMonth('may')))]),
  ask('bare_amount', 'maya', 'can I afford 800 for a new couch this month', (x) => [x.m(80_000), x.m(x.balance())]),

  // --- 'usual' figures agree within a chat
  chat('usual_consistency', 'maya', ['How much did I spend on transport last month?', 'is that usual for me?', "what's my normal monthly transport spend?"], (x) => [
    [x.m(x.spend(x.lastMonth, x.cat('Transport')))],
    [x.m(x.usual(x.cat('Transport')))],
    [x.m(x.usual(x.cat('Transport')))],
  ]),
  chat('usual_consistency', 'leo', ['What did I spend on bills in September?', 'what do I usually pay for bills each month?'], (x) => [[x.m(x.spend(x.month('september'), x.cat('Bills')))], [x.m(x.usual(x.cat('Bills')))]]),
  chat('usual_consistency', 'sam', ['How much on groceries last month?', 'Is that higher than usual?'], (x) => [[x.m(x.spend(x.lastMonth, x.cat('Groceries')))], [x.m(x.usual(x.cat('Groceries')))]]),
  chat('usual_consistency', 'ava', ['How much did we spend on dining last month?', 'how does that compare to our usual?', "What's our usual dining spend per month?"], (x) => [
    [x.m(x.spend(x.lastMonth, x.cat('Dining')))],
    [x.m(x.usual(x.cat('Dining')))],
    [x.m(x.usual(x.cat('Dining')))],
  ]),
  chat('usual_consistency', 'maya', ['How much did I spend on shopping last month?', "what's typical for me?"], (x) => [[x.m(x.spend(x.lastMonth, x.cat('Shopping')))], [x.m(x.usual(x.cat('Shopping')))]]),

  // --- ordinary questions
  ask('ordinary', 'maya', 'how much did I earn this year?', (x) => [x.m(x.income(x.thisYear))]),
  ask('ordinary', 'leo', "What's my current balance?", (x) => [x.m(x.balance())]),
  ask('ordinary', 'sam', 'How much did I spend in total in September?', (x) => [x.m(x.spend(x.month('september')))]),
  ask('ordinary', 'ava', "how many times did we go to Nando's last month?", (x) => [x.n(x.count(x.lastMonth, x.mer('Nando’s')))]),
  ask('ordinary', 'maya', 'What share of my spending last month was rent?', (x) => [x.pct(x.share(x.spend(x.lastMonth, x.words(/rent/i)), x.spend(x.lastMonth)))]),
  ask('ordinary', 'sam', "how much did I spend on my cat's vet bills last month?", (x) => [x.cantTell()]),
];
