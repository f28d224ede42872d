import { ask, chat, type Question } from './questions';

/**
 * The working two thirds of the questions: run them while improving the coach. Written the way
 * people type; every expected figure is computed from the generated rows (expect.ts).
 */
export const WORKING: Question[] = [
  // --- two-part questions
  ask('two_part', 'maya', 'How much did I spend on groceries last month, and how does that compare with my income?', (x) => [x.m(x.spend(x.lastMonth, x.cat('Groceries'))), x.m(x.income(x.lastMonth))]),
  ask('two_part', 'maya', 'what did I spend on dining in october and what was my total spending that month?', (x) => [x.m(x.spend(x.month('october'), x.cat('Dining'))), x.m(x.spend(x.month('october')))]),
  ask('two_part', 'leo', 'How much came in last month and how much went out?', (x) => [x.m(x.income(x.lastMonth)), x.m(x.spend(x.lastMonth))]),
  ask('two_part', 'leo', 'what did i spend on food in august, and on eating out?', (x) => [x.m(x.spend(x.month('august'), x.cat('Food'))), x.m(x.spend(x.month('august'), x.cat('Eating out')))]),
  ask('two_part', 'sam', 'How much did I earn in November and how much of it did I spend?', (x) => [x.m(x.income(x.month('november'))), x.m(x.spend(x.month('november')))]),
  ask('two_part', 'sam', 'What did coffee cost me last month and how many times did I go?', (x) => [x.m(x.spend(x.lastMonth, x.words(/coffee/i))), x.n(x.count(x.lastMonth, x.words(/coffee/i)))]),
  ask('two_part', 'ava', "How much did we spend on groceries in January and what's our balance now?", (x) => [x.m(x.spend(x.month('january'), x.cat('Groceries'))), x.m(x.balance())]),
  ask('two_part', 'ava', 'what was our income last month and how much did childcare take?', (x) => [x.m(x.income(x.lastMonth)), x.m(x.spend(x.lastMonth, x.cat('Childcare')))]),
  ask('two_part', 'maya', 'How much have I spent so far this month, and what did I earn this month?', (x) => [x.m(x.spend(x.thisMonth)), x.m(x.income(x.thisMonth))]),
  ask('two_part', 'leo', 'How much did I pay in rent this year and how much did I earn?', (x) => [x.m(x.spend(x.thisYear, x.cat('Rent'))), x.m(x.income(x.thisYear))]),
  ask('two_part', 'ava', 'What did transport cost us in December, and what about dining?', (x) => [x.m(x.spend(x.month('december'), x.cat('Transport'))), x.m(x.spend(x.month('december'), x.cat('Dining')))]),

  // --- comparisons of two named periods
  ask('compare_periods', 'maya', 'compare my dining in September and October', (x) => [x.m(x.spend(x.month('september'), x.cat('Dining'))), x.m(x.spend(x.month('october'), x.cat('Dining')))]),
  ask('compare_periods', 'maya', 'Did I spend more on groceries in August or September?', (x) => [x.m(x.spend(x.month('august'), x.cat('Groceries'))), x.m(x.spend(x.month('september'), x.cat('Groceries')))]),
  ask('compare_periods', 'leo', 'How does my food spending in June compare with July?', (x) => [x.m(x.spend(x.month('june'), x.cat('Food'))), x.m(x.spend(x.month('july'), x.cat('Food')))]),
  ask('compare_periods', 'leo', 'compare total spending may vs june', (x) => [x.m(x.spend(x.month('may'))), x.m(x.spend(x.month('june')))]),
  ask('compare_periods', 'sam', 'How much more did I spend in August than in July?', (x) => [
    x.m(x.spend(x.month('august'))),
    x.m(x.spend(x.month('july'))),
    x.m(x.spend(x.month('august')) - x.spend(x.month('july'))),
  ]),
  ask('compare_periods', 'sam', 'compare my income in october and november', (x) => [x.m(x.income(x.month('october'))), x.m(x.income(x.month('november')))]),
  ask('compare_periods', 'ava', 'Was our Octopus Energy bill higher in January than in December?', (x) => [x.m(x.spend(x.month('january'), x.mer('Octopus Energy'))), x.m(x.spend(x.month('december'), x.mer('Octopus Energy')))]),
  ask('compare_periods', 'ava', 'compare spending this month with last month', (x) => [x.m(x.spend(x.thisMonth)), x.m(x.spend(x.lastMonth))]),
  ask('compare_periods', 'maya', 'How did my spending in Q3 compare to Q2?', (x) => [
    x.m(x.spend({ start: '2025-07-01', end: '2025-09-30' })),
    x.m(x.spend({ start: '2025-04-01', end: '2025-06-30' })),
  ]),
  ask('compare_periods', 'leo', 'Eating out: March versus April?', (x) => [x.m(x.spend(x.month('march'), x.cat('Eating out'))), x.m(x.spend(x.month('april'), x.cat('Eating out')))]),
  ask('compare_periods', 'ava', 'Compare my Tesco spending in November and December', (x) => [x.m(x.spend(x.month('november'), x.mer('Tesco'))), x.m(x.spend(x.month('december'), x.mer('Tesco')))]),

  // --- a single transaction, not a total
  ask('single_transaction', 'maya', "What's the most I spent on a single order at Amazon this year?", (x) => [x.m(x.largest(x.thisYear, x.mer('Amazon')))]),
  ask('single_transaction', 'maya', 'What was my biggest purchase last month?', (x) => [x.m(x.largest(x.lastMonth))]),
  ask('single_transaction', 'leo', 'what was my single most expensive fuel stop this year?', (x) => [x.m(x.largest(x.thisYear, x.words(/fuel/i)))]),
  ask('single_transaction', 'leo', 'smallest Deliveroo order since June', (x) => [x.m(x.smallest({ start: x.month('june').start, end: x.today }, x.mer('Deliveroo')))]),
  ask('single_transaction', 'sam', "What's the cheapest coffee I bought in November?", (x) => [x.m(x.smallest(x.month('november'), x.words(/coffee/i)))]),
  ask('single_transaction', 'sam', 'biggest single expense this year?', (x) => [x.m(x.largest(x.thisYear))]),
  ask('single_transaction', 'ava', 'What was the largest single grocery shop we did in December?', (x) => [x.m(x.largest(x.month('december'), x.cat('Groceries')))]),
  ask('single_transaction', 'ava', 'most expensive meal out last year', (x) => [x.m(x.largest(x.lastYear, x.cat('Dining')))]),
  ask('single_transaction', 'maya', 'what was the smallest uber ride I took in october', (x) => [x.m(x.smallest(x.month('october'), x.mer('Uber')))]),
  ask('single_transaction', 'leo', 'What was the largest invoice I got paid this year?', (x) => [x.m(x.largest(x.thisYear, x.cat('Freelance'), 'income'))]),
  ask('single_transaction', 'ava', 'highest Octopus Energy bill in 2025', (x) => [x.m(x.largest(x.year(2025), x.mer('Octopus Energy')))]),

  // --- two subjects at once
  ask('two_subjects', 'maya', 'How much did I spend on gas and uber last month?', (x) => [x.m(x.spend(x.lastMonth, x.mer('Shell'))), x.m(x.spend(x.lastMonth, x.mer('Uber')))]),
  ask('two_subjects', 'maya', 'netflix and spotify this year, how much?', (x) => [x.m(x.spend(x.thisYear, x.mer('Netflix'))), x.m(x.spend(x.thisYear, x.mer('Spotify')))]),
  ask('two_subjects', 'leo', 'How much on Lidl and Aldi in September?', (x) => [x.m(x.spend(x.month('september'), x.mer('Lidl'))), x.m(x.spend(x.month('september'), x.mer('Aldi')))]),
  ask('two_subjects', 'leo', 'what did i spend on rent and bills last month', (x) => [x.m(x.spend(x.lastMonth, x.cat('Rent'))), x.m(x.spend(x.lastMonth, x.cat('Bills')))]),
  ask('two_subjects', 'sam', 'How much did I spend on Walmart and Chipotle in October?', (x) => [x.m(x.spend(x.month('october'), x.mer('Walmart'))), x.m(x.spend(x.month('october'), x.mer('Chipotle')))]),
  ask('two_subjects', 'sam', 'groceries plus dining last month?', (x) => [x.m(x.spend(x.lastMonth, x.cat('Groceries'))), x.m(x.spend(x.lastMonth, x.cat('Dining')))]),
  ask('two_subjects', 'ava', 'How much did we spend on the mortgage and childcare in January?', (x) => [x.m(x.spend(x.month('january'), x.words(/mortgage/i))), x.m(x.spend(x.month('january'), x.cat('Childcare')))]),
  ask('two_subjects', 'ava', "Tesco and Sainsbury's last month", (x) => [x.m(x.spend(x.lastMonth, x.mer('Tesco'))), x.m(x.spend(x.lastMonth, x.mer("Sainsbury's")))]),
  ask('two_subjects', 'maya', 'How much did I spend at Starbucks and Bistro 21 in total in October?', (x) => [x.m(x.spend(x.month('october'), x.mer('Starbucks', 'Bistro 21')))]),
  ask('two_subjects', 'leo', 'how much did I pay Netflix and Spotify last month?', (x) => [x.m(x.spend(x.lastMonth, x.mer('Netflix'))), x.m(x.spend(x.lastMonth, x.mer('Spotify')))]),
  ask('two_subjects', 'ava', 'fuel and trains in December?', (x) => [x.m(x.spend(x.month('december'), x.words(/fuel/i))), x.m(x.spend(x.month('december'), x.words(/train/i)))]),

  // --- words naming a merchant or what the money was for, not a category
  ask('merchant_or_purpose_words', 'maya', 'How much did I spend on electricity last month?', (x) => [x.m(x.spend(x.lastMonth, x.words(/electric/i)))]),
  ask('merchant_or_purpose_words', 'maya', 'what did the internet cost me this year?', (x) => [x.m(x.spend(x.thisYear, x.words(/internet/i)))]),
  ask('merchant_or_purpose_words', 'maya', 'how much did I spend on coffee in October?', (x) => [x.m(x.spend(x.month('october'), x.words(/coffee/i)))]),
  ask('merchant_or_purpose_words', 'leo', 'How much did I spend on fuel in August?', (x) => [x.m(x.spend(x.month('august'), x.words(/fuel/i)))]),
  ask('merchant_or_purpose_words', 'leo', 'what did takeaway cost me last month', (x) => [x.m(x.spend(x.lastMonth, x.words(/takeaway/i)))]),
  ask('merchant_or_purpose_words', 'sam', 'How much did I spend on textbooks this year?', (x) => [x.m(x.spend(x.thisYear, x.words(/textbook/i)))]),
  ask('merchant_or_purpose_words', 'sam', 'how much on the bus pass since January?', (x) => [x.m(x.spend(x.thisYear, x.words(/bus pass/i)))]),
  ask('merchant_or_purpose_words', 'ava', 'How much did we pay for broadband last month?', (x) => [x.m(x.spend(x.lastMonth, x.words(/broadband/i)))]),
  ask('merchant_or_purpose_words', 'ava', 'what did the nursery cost in December', (x) => [x.m(x.spend(x.month('december'), x.words(/nursery/i)))]),
  ask('merchant_or_purpose_words', 'maya', 'How much did the Lisbon trip cost?', (x) => [x.m(x.spend({ start: x.user.first, end: x.today }, x.words(/lisbon/i)))]),
  ask('merchant_or_purpose_words', 'ava', 'How much did the gym cost us last month?', (x) => [x.m(x.spend(x.lastMonth, x.words(/gym/i)))]),

  // --- typos in the time words
  ask('typo_time', 'maya', 'how much did I spend on groceries last mnth', (x) => [x.m(x.spend(x.lastMonth, x.cat('Groceries'))), x.says(/mnth/i, "say it read 'mnth'")]),
  ask('typo_time', 'maya', 'dining this moth?', (x) => [x.m(x.spend(x.thisMonth, x.cat('Dining'))), x.says(/moth\b/i, "say it read 'moth'")]),
  ask('typo_time', 'leo', 'what did I spend in Septmber', (x) => [x.m(x.spend(x.month('september'))), x.says(/septmber/i, "say it read 'Septmber'")]),
  ask('typo_time', 'leo', 'how much did i spend on food lst month', (x) => [x.m(x.spend(x.lastMonth, x.cat('Food'))), x.says(/\blst\b/i, "say it read 'lst'")]),
  ask('typo_time', 'sam', 'how much did I spend on coffee last weeek', (x) => [x.m(x.spend({ start: '2025-11-24', end: '2025-11-30' }, x.words(/coffee/i))), x.says(/weeek/i, "say it read 'weeek'")]),
  ask('typo_time', 'sam', 'total spending in Octobr?', (x) => [x.m(x.spend(x.month('october'))), x.says(/octobr/i, "say it read 'Octobr'")]),
  ask('typo_time', 'ava', 'How much did we spend on groceries in Janury?', (x) => [x.m(x.spend(x.month('january'), x.cat('Groceries'))), x.says(/janury/i, "say it read 'Janury'")]),
  ask('typo_time', 'ava', 'spending this yaer so far', (x) => [x.m(x.spend(x.thisYear)), x.says(/yaer/i, "say it read 'yaer'")]),
  ask('typo_time', 'maya', 'how much did I spend at amazon in Agust', (x) => [x.m(x.spend(x.month('august'), x.mer('Amazon'))), x.says(/agust/i, "say it read 'Agust'")]),
  ask('typo_time', 'leo', 'income last moneth?', (x) => [x.m(x.income(x.lastMonth)), x.says(/moneth/i, "say it read 'moneth'")]),
  ask('typo_time', 'ava', 'how much on fuel in decembr', (x) => [x.m(x.spend(x.month('december'), x.words(/fuel/i))), x.says(/decembr/i, "say it read 'decembr'")]),

  // --- what is left for a goal
  ask('goal_left', 'maya', 'How much more do I need for the Japan trip?', (x) => [x.m(x.goal('Japan trip').left)]),
  ask('goal_left', 'maya', 'how far am I from my emergency fund target', (x) => [x.m(x.goal('Emergency fund').left)]),
  ask('goal_left', 'leo', 'how much is left to save for the new laptop?', (x) => [x.m(x.goal('New laptop').left)]),
  ask('goal_left', 'leo', "What's still missing for my tax reserve?", (x) => [x.m(x.goal('Tax reserve').left)]),
  ask('goal_left', 'sam', 'how much more do I need to save for spring break?', (x) => [x.m(x.goal('Spring break 2026').left)]),
  ask('goal_left', 'sam', 'how much do I still need for the laptop?', (x) => [x.says(/reached|complete|nothing (?:more|left)/i, 'say the goal is reached')]),
  ask('goal_left', 'ava', 'How much more do we need for the house deposit?', (x) => [x.m(x.goal('House deposit').left)]),
  ask('goal_left', 'ava', "what's left to put away for the summer holiday", (x) => [x.m(x.goal('Summer holiday').left)]),
  ask('goal_left', 'maya', 'Japan trip: how much to go?', (x) => [x.m(x.goal('Japan trip').left)]),
  ask('goal_left', 'leo', 'laptop goal - how much left?', (x) => [x.m(x.goal('New laptop').left)]),
  ask('goal_left', 'ava', 'how much have we saved for the house and how much is left?', (x) => [x.m(x.goal('House deposit').saved), x.m(x.goal('House deposit').left)]),

  // --- amounts without a currency sign (affordability)
  ask('bare_amount', 'maya', 'can I afford a 2000 trip in June?', (x) => [x.m(200_000), x.m(x.projected(x.futureMonth('june')))]),
  ask('bare_amount', 'maya', 'Could I buy a laptop for 1500 dollars next month?', (x) => [x.m(150_000), x.m(x.projected('2025-12'))]),
  ask('bare_amount', 'leo', 'can i afford a 900 euro bike in december', (x) => [x.m(90_000), x.m(x.projected(x.futureMonth('december')))]),
  ask('bare_amount', 'leo', 'can I afford 3000 for a used car in March?', (x) => [x.m(300_000), x.m(x.projected(x.futureMonth('march')))]),
  ask('bare_amount', 'sam', 'can I afford a 600 flight in february?', (x) => [x.m(60_000), x.m(x.projected(x.futureMonth('february')))]),
  ask('bare_amount', 'sam', 'could I afford 250 bucks for concert tickets this month?', (x) => [x.m(25_000), x.m(x.balance())]),
  ask('bare_amount', 'ava', 'can we afford a 4500 holiday in August?', (x) => [x.m(450_000), x.m(x.projected(x.futureMonth('august')))]),
  ask('bare_amount', 'ava', 'Can we afford to spend 1200 on a new sofa in April?', (x) => [x.m(120_000), x.m(x.projected(x.futureMonth('april')))]),
  ask('bare_amount', 'maya', 'can I afford 2k for a new phone and headphones in January?', (x) => [x.m(200_000), x.m(x.projected(x.futureMonth('january')))]),
  ask('bare_amount', 'leo', 'would 1,500 EUR for a new laptop in November work? can I afford it?', (x) => [x.m(150_000), x.m(x.projected(x.futureMonth('november')))]),
  ask('bare_amount', 'sam', 'can i afford a 1200 macbook in may', (x) => [x.m(120_000), x.m(x.projected(x.futureMonth('may')))]),

  // --- 'usual' figures agree within a chat
  chat('usual_consistency', 'maya', ['How much did I spend on groceries last month?', 'Is that more than usual?', 'What do I usually spend on groceries a month?'], (x) => [
    [x.m(x.spend(x.lastMonth, x.cat('Groceries')))],
    [x.m(x.usual(x.cat('Groceries')))],
    [x.m(x.usual(x.cat('Groceries')))],
  ]),
  chat('usual_consistency', 'maya', ['How much did I spend on dining this month?', "what's my usual monthly dining spend?"], (x) => [[x.m(x.spend(x.thisMonth, x.cat('Dining')))], [x.m(x.usual(x.cat('Dining')))]]),
  chat('usual_consistency', 'leo', ['what did I spend on food in august?', "and what's normal for me per month?"], (x) => [[x.m(x.spend(x.month('august'), x.cat('Food')))], [x.m(x.usual(x.cat('Food')))]]),
  chat('usual_consistency', 'leo', ['How much did I spend on eating out last month?', 'is that above my usual?', "what's my typical month for eating out?"], (x) => [
    [x.m(x.spend(x.lastMonth, x.cat('Eating out')))],
    [x.m(x.usual(x.cat('Eating out')))],
    [x.m(x.usual(x.cat('Eating out')))],
  ]),
  chat('usual_consistency', 'sam', ['how much on dining last month', 'what do I usually spend on dining?'], (x) => [[x.m(x.spend(x.lastMonth, x.cat('Dining')))], [x.m(x.usual(x.cat('Dining')))]]),
  chat('usual_consistency', 'sam', ['What did I spend on groceries in October?', 'How does that compare with my usual month?'], (x) => [[x.m(x.spend(x.month('october'), x.cat('Groceries')))], [x.m(x.usual(x.cat('Groceries')))]]),
  chat('usual_consistency', 'ava', ['How much did we spend on groceries last month?', 'is that normal for us?', "what's our average monthly grocery spend?"], (x) => [
    [x.m(x.spend(x.lastMonth, x.cat('Groceries')))],
    [x.m(x.usual(x.cat('Groceries')))],
    [x.m(x.usual(x.cat('Groceries')))],
  ]),
  chat('usual_consistency', 'ava', ['what did transport cost last month', 'what do we usually spend on transport?'], (x) => [[x.m(x.spend(x.lastMonth, x.cat('Transport')))], [x.m(x.usual(x.cat('Transport')))]]),
  chat('usual_consistency', 'maya', ['Where can I cut back?', 'What do I usually spend on dining a month?'], (x) => [[], [x.m(x.usual(x.cat('Dining')))]]),
  chat('usual_consistency', 'leo', ['How much did I spend in total last month?', 'Is that more than I usually spend?'], (x) => [[x.m(x.spend(x.lastMonth))], [x.m(x.usual())]]),

  // --- ordinary questions
  ask('ordinary', 'maya', 'How much did I spend last month?', (x) => [x.m(x.spend(x.lastMonth))]),
  ask('ordinary', 'maya', "what's my balance?", (x) => [x.m(x.balance())]),
  ask('ordinary', 'maya', 'How much did I spend on transport in March?', (x) => [x.m(x.spend(x.month('march'), x.cat('Transport')))]),
  ask('ordinary', 'leo', 'How much did I earn last month?', (x) => [x.m(x.income(x.lastMonth))]),
  ask('ordinary', 'leo', 'how many times did I order from Deliveroo in September?', (x) => [x.n(x.count(x.month('september'), x.mer('Deliveroo')))]),
  ask('ordinary', 'sam', 'What did I spend on rent this year?', (x) => [x.m(x.spend(x.thisYear, x.words(/rent/i)))]),
  ask('ordinary', 'sam', 'How much did I spend at Blue Bottle last month?', (x) => [x.m(x.spend(x.lastMonth, x.mer('Blue Bottle')))]),
  ask('ordinary', 'ava', 'How much did we spend in December?', (x) => [x.m(x.spend(x.month('december')))]),
  ask('ordinary', 'ava', 'what percentage of our spending went on groceries last month?', (x) => [x.pct(x.share(x.spend(x.lastMonth, x.cat('Groceries')), x.spend(x.lastMonth)))]),
  ask('ordinary', 'leo', 'How much did I spend on my dog last month?', (x) => [x.cantTell()]),
  ask('ordinary', 'sam', 'How much did I get back in refunds this year?', (x) => [x.m(x.income(x.thisYear, x.cat('Refunds')))]),
  ask('ordinary', 'ava', "What's our average monthly spending on utilities over the last 6 months?", (x) => [x.m(x.perMonth(x.range(x.monthsAgo(6), x.monthsAgo(1)), x.cat('Utilities')))]),
];
