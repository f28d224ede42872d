import { addDays, dayName, type Period } from './dates';
import { count, declines, money, namesMonth, notMoney, notSays, oracle, says, type Check, type Filter, type Oracle } from './oracle';
import type { Person } from './people';

/**
 * The held-out questions, written in people's own words by someone who has not read the coach,
 * grouped by the classes of failure the coach was judged on. Each question is a turn of a
 * conversation (follow-ups are sent in the same conversation); its expected figures come from the
 * oracle over the generated rows, never from a run.
 */

export const CLASSES = ['follow_up', 'everyday_words', 'bank_names', 'income_net', 'periods', 'measures', 'multi_part', 'honesty', 'consistency'] as const;
export type QuestionClass = (typeof CLASSES)[number];

export interface Turn {
  ask: string;
  cls: QuestionClass;
  checks: Check[];
}

export interface Conversation {
  person: Person['key'];
  turns: Turn[];
}

/** A question: the figures it needs, and figures that would answer something else (dropped when they equal an expected one). */
function turn(ask: string, cls: QuestionClass, expected: Check[], wrong: [number, string][] = []): Turn {
  // A reading that people's words allow but that gives the same figure as a wrong reading proves nothing: drop it.
  expected = expected.map((c) => {
    if (c.kind !== 'money') return c;
    const kept = c.alts.filter((a) => !wrong.some(([w]) => w === a));
    return { ...c, alts: kept.length ? kept : c.alts };
  });
  const right = expected.flatMap((c) => (c.kind === 'money' ? c.alts.map((a) => [a, c.tolerance ?? 0] as const) : []));
  const forbids = wrong.filter(([minor]) => minor > 0 && !right.some(([a, tol]) => Math.abs(a - minor) <= tol)).map(([minor, what]) => notMoney(minor, what));
  return { ask, cls, checks: [...expected, ...forbids] };
}

/** Questions of one person: besides each question's own wrong readings, leading with this month's total spending or income (the no-period default) is always a different question's figure when a figure is asked for. */
const asker =
  (o: Oracle) =>
  (ask: string, cls: QuestionClass, expected: Check[], wrong: [number, string][] = []): Turn =>
    turn(ask, cls, expected, expected.some((c) => c.kind === 'money') ? [...wrong, [o.spent(o.any, o.thisMonth.period), 'all spending this month'], [o.earned(o.any, o.thisMonth.period), 'all income this month']] : wrong);

const sumsOver = (o: Oracle, filters: Filter[], periods: Period[]) => periods.flatMap((p) => filters.map((f) => o.spent(f, p)));

/** "Eating out": restaurants and fast food, with or without coffee and takeaway. */
const eatingOut = (o: Oracle): Filter[] => [
  o.kind('restaurant', 'fast_food'),
  o.kind('restaurant', 'fast_food', 'coffee'),
  o.kind('restaurant', 'fast_food', 'takeaway'),
  o.kind('restaurant', 'fast_food', 'coffee', 'takeaway'),
];

/** A trip: what was spent while away, with or without the bookings made for it before. */
const tripCost = (o: Oracle) => {
  const away: Period = { start: o.trip.start, end: o.trip.end };
  return [o.spent(o.onTrip, o.all), o.spent(o.onTrip, away), o.spent(o.any, away)];
};

function dana(o: Oracle): Conversation[] {
  const t = asker(o);
  const [m1, m2, m3] = [o.month(-1), o.month(-2), o.month(-3)];
  const lm = o.lastMonth.period;
  const coffee = o.kind('coffee');
  const takeaway = o.kind('takeaway');
  const groceries = o.kind('groceries');
  const fuel = o.kind('fuel');
  const amazon = o.merchant('Amazon');
  const amazonBuys = o.and(amazon, o.kind('shopping'));
  const amazonAll = o.and(amazon, o.kind('shopping', 'membership'));
  const spellings = [/^AMZN/, /^Amazon\.com/, /^AMAZON MKTPL/];
  const twoSpellings = (p: Period): [number, string][] => spellings.map((skip) => [o.spent(o.and(amazonBuys, o.not(o.bank(skip))), p), 'two spellings of three']);
  // A month in which at least two of the spellings were charged, so the question tells them apart.
  const amzMonth = [-2, -3, -4, -5, -6, -7, -8].map((off) => o.month(off)).find((m) => spellings.filter((sp) => o.count(o.and(amazonBuys, o.bank(sp)), m.period) > 0).length >= 2) ?? m2;
  const net = (p: Period, f: Filter) => o.spent(f, p) - o.earned(o.and(amazon, o.kind('refund')), p);
  const dining = (p: Period) => o.spent(o.category('Dining'), p);
  const transport = (p: Period) => o.spent(o.category('Transport'), p);
  const utilities = (p: Period) => o.spent(o.category('Utilities'), p);
  const water = o.latestMonthWith(o.kind('water'));
  const topTakeaway = o.topMonth(takeaway, Array.from({ length: Number(o.today.slice(5, 7)) }, (_, i) => -i));
  const topGroceries = o.topMonth(groceries, Array.from({ length: Number(o.today.slice(5, 7)) }, (_, i) => -i));
  const trip = tripCost(o);
  const coffeeM1 = { sightglass: o.spent(o.merchant('Sightglass Coffee'), m1.period), peets: o.spent(o.merchant("Peet's Coffee"), m1.period) };
  const coffeeTop = coffeeM1.sightglass >= coffeeM1.peets ? { name: /Sightglass/i, minor: coffeeM1.sightglass } : { name: /Peet[’']?s/i, minor: coffeeM1.peets };
  const biggestNotRent = o.largest(o.not(o.kind('rent')), lm);
  const cats = o.byCategory(lm);
  const salaryLm = o.earned(o.kind('salary'), lm);
  const rentLm = o.spent(o.kind('rent'), lm);
  const billsLm = o.spent(o.kind('electricity', 'water', 'internet', 'phone'), lm);
  const sixMonths = { start: o.month(-6).period.start, end: m1.period.end };
  const sinceDay = addDays(o.today, -97);
  const otherIn = o.latestMonthWith(o.not(o.kind('salary')), -1, 'income');
  return [
    {
      person: 'dana',
      turns: [
        t(`takeout in ${m2.name}, what did that run me?`, 'everyday_words', [money(o.spent(takeaway, m2.period), 'takeaway that month')], [[dining(m2.period), 'all of Dining']]),
        t(`and in ${m3.name}?`, 'follow_up', [money(o.spent(takeaway, m3.period), 'takeaway the month asked')], [[dining(m3.period), 'all of Dining'], [o.spent(o.any, m3.period), 'all spending that month']]),
        t('and coffee?', 'follow_up', [money(o.spent(coffee, m3.period), 'coffee in the same month')], [[dining(m3.period), 'all of Dining'], [o.spent(coffee, o.thisMonth.period), 'coffee this month']]),
      ],
    },
    {
      person: 'dana',
      turns: [
        t('How much did I spend on gas for the car last month', 'everyday_words', [money(o.spent(fuel, lm), 'fuel last month')], [[transport(lm), 'all of Transport'], [o.spent(o.kind('electricity'), lm), 'the power bill']]),
        t('and the previous month?', 'follow_up', [money(o.spent(fuel, m2.period), 'fuel the month before')], [[transport(m2.period), 'all of Transport']]),
      ],
    },
    { person: 'dana', turns: [t('how much was the electric bill last month?', 'everyday_words', [money(o.spent(o.kind('electricity'), lm), 'electricity last month')], [[utilities(lm), 'all of Utilities']])] },
    { person: 'dana', turns: [t(`what did my cell phone bill come to in ${m3.name}`, 'everyday_words', [money(o.spent(o.kind('phone'), m3.period), 'the phone bill')], [[utilities(m3.period), 'all of Utilities']])] },
    { person: 'dana', turns: [t('how much have i spent on uber rides last month, not the food deliveries', 'bank_names', [money(o.spent(o.kind('rideshare'), lm), 'Uber rides')], [[o.spent(o.bank(/^UBER/), lm), 'rides and Eats together'], [transport(lm), 'all of Transport']])] },
    { person: 'dana', turns: [t('How many Uber rides did I take last month?', 'bank_names', [count(o.count(o.kind('rideshare'), lm), 'rides')])] },
    { person: 'dana', turns: [t(`How much did I spend at Amazon in ${amzMonth.name}?`, 'bank_names', [money([o.spent(amazonAll, amzMonth.period), net(amzMonth.period, amazonAll)].filter((v) => v > 0), 'all Amazon spellings')], [...spellings.map((sp): [number, string] => [o.spent(o.and(amazonBuys, o.bank(sp)), amzMonth.period), 'one spelling only']), ...twoSpellings(amzMonth.period)])] },
    { person: 'dana', turns: [t("how much have I spent at Peet's this year", 'bank_names', [money(o.spent(o.merchant("Peet's Coffee"), o.thisYear), "Peet's this year")], [[o.spent(coffee, o.thisYear), 'all coffee']])] },
    { person: 'dana', turns: [t('sightglass last month, how much?', 'bank_names', [money(o.spent(o.merchant('Sightglass Coffee'), lm), 'Sightglass last month')], [[o.spent(coffee, lm), 'all coffee'], [dining(lm), 'all of Dining']])] },
    { person: 'dana', turns: [t(`What did Uber Eats cost me in ${m1.name}?`, 'bank_names', [money(o.spent(o.merchant('Uber Eats'), m1.period), 'Uber Eats')], [[o.spent(o.bank(/^UBER/), m1.period), 'rides and Eats together'], [o.spent(takeaway, m1.period), 'all takeaway']])] },
    { person: 'dana', turns: [t('how much did I send Marcus last month?', 'bank_names', [money(rentLm, 'the Zelle payments to Marcus')])] },
    { person: 'dana', turns: [t('how much did I get paid last month', 'income_net', [money(salaryLm, 'pay last month')], [[o.earned(o.any, lm), 'all income including refunds']])] },
    { person: 'dana', turns: [t('did work ever pay me back for the conference hotel and flights? how much was it', 'income_net', [money(o.earned(o.kind('reimbursement'), o.all), 'the reimbursement')])] },
    {
      person: 'dana',
      turns: [
        t('how much have I spent at Amazon since January?', 'bank_names', [money([o.spent(amazonAll, o.thisYear), o.spent(amazonBuys, o.thisYear), net(o.thisYear, amazonAll), net(o.thisYear, amazonBuys)], 'Amazon this year')], twoSpellings(o.thisYear)),
        t('and once you take off the returns?', 'follow_up', [money([net(o.thisYear, amazonAll), net(o.thisYear, amazonBuys)], 'Amazon net of returns')]),
      ],
    },
    { person: 'dana', turns: [t('how much did amazon refund me this year', 'income_net', [money(o.earned(o.and(amazon, o.kind('refund')), o.thisYear), 'Amazon returns this year')], [[o.spent(amazonAll, o.thisYear), 'Amazon purchases']])] },
    { person: 'dana', turns: [t(`What came in during ${otherIn.name} apart from my paychecks?`, 'income_net', [money(o.earned(o.not(o.kind('salary')), otherIn.period), 'other income that month')], [[o.earned(o.any, otherIn.period), 'all income']])] },
    { person: 'dana', turns: [t('how much did I spend on groceries over the last 8 weeks', 'periods', [money(sumsOver(o, [groceries], o.lastDays(56)), 'groceries over 56 days')], [[o.spent(groceries, { start: addDays(o.today, -56), end: addDays(o.today, -56) }), 'one single day'], [o.spent(groceries, o.thisMonth.period), 'this month']])] },
    { person: 'dana', turns: [t(`what have I spent eating out since ${dayName(sinceDay)}?`, 'periods', [money(sumsOver(o, eatingOut(o), [o.since(sinceDay)]), 'eating out since that day')], [[o.spent(o.category('Dining'), { start: sinceDay, end: sinceDay }), 'that day alone']])] },
    { person: 'dana', turns: [t('how much did I spend over the weekend?', 'periods', [money(sumsOver(o, [o.any], o.lastWeekend()), 'spending last weekend')], [[o.spent(o.any, o.thisMonth.period), 'this month']])] },
    { person: 'dana', turns: [t('what have I put into the car for fuel in the last two weeks', 'periods', [money(sumsOver(o, [fuel], o.lastDays(14)), 'fuel over 14 days')], [[o.spent(fuel, o.thisMonth.period), 'fuel this month']])] },
    {
      person: 'dana',
      turns: [
        t('how much did the Mexico City trip cost me?', 'periods', [money(trip, 'the trip')]),
        t('and the biggest single cost of it?', 'follow_up', [money(o.largest(o.onTrip, o.all), 'the hotel')]),
      ],
    },
    { person: 'dana', turns: [t('what do I spend on average each time I go to Whole Foods, this year?', 'measures', [money(o.perVisit(o.merchant('Whole Foods'), o.thisYear), 'per visit at Whole Foods', 1)], [[o.spent(o.merchant('Whole Foods'), o.thisYear), 'the year total'], [o.perMonth(o.merchant('Whole Foods'), o.thisYear, Number(o.today.slice(5, 7))), 'per month']])] },
    { person: 'dana', turns: [t(`On average how much a month do I spend on coffee, ${o.month(-6).name} through ${m1.name}?`, 'measures', [money(o.perMonth(coffee, sixMonths, 6), 'coffee per month', 1)], [[o.spent(coffee, sixMonths), 'the six months together']])] },
    { person: 'dana', turns: [t('in which month this year did takeout cost me the most?', 'measures', [namesMonth(topTakeaway.month.m)])] },
    { person: 'dana', turns: [t('apart from rent, what was my single largest payment last month?', 'measures', [money(biggestNotRent, 'largest single expense that is not rent')], [[rentLm, 'rent']])] },
    { person: 'dana', turns: [t('where did most of my money go last month?', 'measures', [money(cats[0]![1], cats[0]![0]), money(cats[1]![1], cats[1]![0])], [[o.largest(o.any, lm), 'the largest single payment'], [o.earned(o.any, lm), 'income']])] },
    { person: 'dana', turns: [t(`compare my grocery spending in ${m2.name} and ${m1.name}`, 'measures', [money(o.spent(groceries, m2.period), `groceries ${m2.name}`), money(o.spent(groceries, m1.period), `groceries ${m1.name}`)])] },
    {
      person: 'dana',
      turns: [
        t('this year, which month was my grocery bill highest?', 'measures', [namesMonth(topGroceries.month.m)]),
        t('how many trips to the store was that?', 'follow_up', [count(o.count(groceries, topGroceries.month.period), 'grocery shops in that month')]),
      ],
    },
    {
      person: 'dana',
      turns: [
        t(`how much did I spend on coffee in ${m1.name}?`, 'everyday_words', [money(o.spent(coffee, m1.period), 'coffee')], [[dining(m1.period), 'all of Dining']]),
        t('which place did I spend the most at?', 'follow_up', [says(coffeeTop.name, 'the coffee shop'), money(coffeeTop.minor, 'its total')]),
      ],
    },
    { person: 'dana', turns: [t('last month: what did rent cost, what did the utilities cost, and how much of my paychecks was left after those two?', 'multi_part', [money(rentLm, 'rent'), money(billsLm, 'utilities'), money(salaryLm - rentLm - billsLm, 'pay left')])] },
    {
      person: 'dana',
      turns: [
        t(`in ${water.name} what did I pay for water, the internet, my phone and electricity, one by one?`, 'multi_part', [
          money(o.spent(o.kind('electricity'), water.period), 'electricity'),
          money(o.spent(o.kind('water'), water.period), 'water'),
          money(o.spent(o.kind('internet'), water.period), 'internet'),
          money(o.spent(o.kind('phone'), water.period), 'phone'),
        ]),
      ],
    },
    { person: 'dana', turns: [t('how much went on groceries and how much on takeout last month?', 'multi_part', [money(o.spent(groceries, lm), 'groceries'), money(o.spent(takeaway, lm), 'takeaway')])] },
    { person: 'dana', turns: [t('what did I earn last month and what did I spend?', 'multi_part', [money(o.earned(o.any, lm), 'income'), money(o.spent(o.any, lm), 'spending')])] },
    { person: 'dana', turns: [t('how much do I still owe on my student loans?', 'honesty', [declines()])] },
    { person: 'dana', turns: [t("what's my HSA balance", 'honesty', [declines()])] },
    { person: 'dana', turns: [t("How much have I got in my Ally savings account?", 'honesty', [declines()])] },
    { person: 'dana', turns: [t("what's the interest rate on my car loan", 'honesty', [declines()])] },
    {
      person: 'dana',
      turns: [
        t('how much did I spend on groceries last month?', 'everyday_words', [money(o.spent(groceries, lm), 'groceries last month')]),
        t(`hang on, what was my total at the supermarket in ${m1.name}?`, 'consistency', [money(o.spent(groceries, lm), 'the same figure')]),
      ],
    },
    { person: 'dana', turns: [t('what subscriptions am I paying for?', 'consistency', [money(1549, 'Netflix'), money(1199, 'Spotify')], [[5800, 'the waxing every four weeks']])] },
    {
      person: 'dana',
      turns: [t('how much does my car insurance cost me a month?', 'consistency', [money(61240, 'the six-monthly premium'), says(/six months|6 months|twice a year|every 6|semi-?annual|half[- ]year/i, 'that it is paid every six months'), notSays(/612\.40\s*(a|per|each|every)\s*month/i, 'the six-monthly premium is monthly')])],
    },
    {
      person: 'dana',
      turns: [
        t('what did I spend in total last month?', 'periods', [money(o.spent(o.any, lm), 'all spending last month')]),
        t(`and in ${m1.name}, everything included?`, 'consistency', [money(o.spent(o.any, lm), 'the same figure')], [[o.earned(o.any, lm), 'income']]),
      ],
    },
  ].map((c) => ({ ...c, person: 'dana' as const }));
}

function cian(o: Oracle): Conversation[] {
  const t = asker(o);
  const [m1, m2, m3] = [o.month(-1), o.month(-2), o.month(-3)];
  const lm = o.lastMonth.period;
  const groceries = o.kind('groceries');
  const coffee = o.kind('coffee');
  const takeaway = o.kind('takeaway');
  const stall = o.kind('shop_sales');
  const freelance = o.kind('freelance');
  const elec = o.latestMonthWith(o.kind('electricity'));
  const paid = o.latestMonthWith(freelance, -1, 'income');
  const since = o.month(-4);
  const coffeeFrom = `${m1.period.start.slice(0, 8)}03`;
  const coffeeTo = `${m1.period.start.slice(0, 8)}20`;
  const months = Array.from({ length: Number(o.today.slice(5, 7)) - 1 }, (_, i) => -(i + 1));
  const leanest = o.topMonth(o.any, months.length ? months : [-1], 'income', true);
  const priciest = o.topMonth(o.any, [0, ...months]);
  const m5 = o.month(-5);
  const trip = tripCost(o);
  const shopNet = o.earned(stall, o.thisYear) - o.spent(o.kind('shop_fees', 'shipping', 'supplies'), o.thisYear);
  return [
    { person: 'cian', turns: [t(`how much did i spend on groceries in ${m2.name}`, 'everyday_words', [money(o.spent(groceries, m2.period), 'groceries')], [[o.spent(o.any, m2.period), 'all spending']])] },
    { person: 'cian', turns: [t('what did I spend eating out last month?', 'everyday_words', [money(sumsOver(o, eatingOut(o), [lm]), 'eating out')], [[o.spent(o.any, lm), 'all spending']])] },
    { person: 'cian', turns: [t('how much have I spent on taxis last month', 'everyday_words', [money(o.spent(o.kind('rideshare'), lm), 'taxis')], [[o.spent(o.kind('rideshare', 'transit'), lm), 'taxis and Leap card together']])] },
    { person: 'cian', turns: [t('how much was my last bin bill?', 'everyday_words', [money(7200, 'the bins')])] },
    { person: 'cian', turns: [t('what have I spent on public transport this month', 'everyday_words', [money(o.spent(o.and(o.kind('transit'), o.not(o.onTrip)), o.thisMonth.period), 'Leap card top-ups')], [[o.spent(o.kind('transit', 'rideshare'), o.thisMonth.period), 'transport with taxis']])] },
    { person: 'cian', turns: [t(`how much did I spend in Lidl in ${m1.name}`, 'bank_names', [money(o.spent(o.merchant('Lidl'), m1.period), 'Lidl')], [[o.spent(groceries, m1.period), 'all groceries']])] },
    { person: 'cian', turns: [t('how much have I paid Adobe this year?', 'bank_names', [money(o.spent(o.merchant('Adobe'), o.thisYear), 'Adobe this year')], [[o.spent(o.kind('software'), o.thisYear), 'all software']])] },
    { person: 'cian', turns: [t('3fe last month - how much?', 'bank_names', [money(o.spent(o.merchant('3fe'), lm), '3fe')], [[o.spent(coffee, lm), 'all coffee']])] },
    {
      person: 'cian',
      turns: [
        t(`What did Deliveroo cost me in ${m2.name}?`, 'bank_names', [money(o.spent(o.merchant('Deliveroo'), m2.period), 'Deliveroo')], [[o.spent(takeaway, m2.period), 'all takeaway']]),
        t('and Just Eat?', 'follow_up', [money(o.spent(o.merchant('Just Eat'), m2.period), 'Just Eat the same month')], [[o.spent(o.merchant('Just Eat'), o.thisMonth.period), 'Just Eat this month']]),
      ],
    },
    { person: 'cian', turns: [t('what have I taken in at the market stall this year?', 'income_net', [money(o.earned(stall, o.thisYear), 'card reader payouts')], [[o.spent(o.kind('shop_fees'), o.thisYear), 'stall fees'], [o.earned(o.any, o.thisYear), 'all income']])] },
    { person: 'cian', turns: [t(`how much have I earned from client work since the start of ${since.name}?`, 'income_net', [money(o.earned(freelance, o.since(since.period.start)), 'client invoices')], [[o.earned(o.any, o.since(since.period.start)), 'all income with the stall']])] },
    { person: 'cian', turns: [t('after the stall fees, postage and supplies, what did the market stall actually make me this year?', 'income_net', [money(shopNet, 'shop profit')])] },
    { person: 'cian', turns: [t('how much did that Zalando order cost me in the end, after I sent stuff back?', 'income_net', [money(13490 - 6495, 'Zalando net of the return')])] },
    { person: 'cian', turns: [t('which month this year did I earn the least?', 'income_net', [namesMonth(leanest.month.m)])] },
    { person: 'cian', turns: [t(`what did I spend in ${m5.name}`, 'periods', [money(o.spent(o.any, m5.period), 'all spending that month')])] },
    { person: 'cian', turns: [t(`how much did I spend on coffee between the 3rd and the 20th of ${m1.name}?`, 'periods', [money(o.spent(coffee, o.between(coffeeFrom, coffeeTo)), 'coffee in those days')], [[o.spent(coffee, m1.period), 'coffee the whole month']])] },
    { person: 'cian', turns: [t('groceries in the last 30 days?', 'periods', [money(sumsOver(o, [groceries], o.lastDays(30)), 'groceries over 30 days')], [[o.spent(groceries, o.thisMonth.period), 'groceries this month']])] },
    {
      person: 'cian',
      turns: [
        t('how much did Copenhagen cost me altogether?', 'periods', [money(trip, 'the trip')]),
        t('how much of that was the hotel?', 'follow_up', [money(o.spent(o.and(o.onTrip, o.kind('lodging')), o.all), 'the hotel')]),
      ],
    },
    { person: 'cian', turns: [t('how many times did I order Deliveroo last month', 'measures', [count(o.count(o.merchant('Deliveroo'), lm), 'Deliveroo orders')])] },
    { person: 'cian', turns: [t('what was my most expensive month this year?', 'measures', [namesMonth(priciest.month.m), money(priciest.minor, 'its spending')])] },
    { person: 'cian', turns: [t("what's the average I spend per shop at Lidl this year", 'measures', [money(o.perVisit(o.merchant('Lidl'), o.thisYear), 'per visit at Lidl', 1)], [[o.spent(o.merchant('Lidl'), o.thisYear), 'the year total']])] },
    { person: 'cian', turns: [t(`leaving out rent, what's the priciest thing I paid for in ${m3.name}?`, 'measures', [money(o.largest(o.not(o.kind('rent')), m3.period), 'largest non-rent expense')], [[145000, 'rent']])] },
    { person: 'cian', turns: [t(`Did I spend more on takeaways in ${m2.name} or ${m1.name}?`, 'measures', [money(o.spent(takeaway, m2.period), m2.name), money(o.spent(takeaway, m1.period), m1.name)])] },
    { person: 'cian', turns: [t('How much did the stall take in last month, and what did I spend on supplies and on postage?', 'multi_part', [money(o.earned(stall, lm), 'card reader payouts'), money(o.spent(o.kind('supplies'), lm), 'supplies'), money(o.spent(o.kind('shipping'), lm), 'postage')])] },
    {
      person: 'cian',
      turns: [
        t(`what did I pay for electricity, broadband and my phone in ${elec.name}?`, 'multi_part', [money(o.spent(o.kind('electricity'), elec.period), 'electricity'), money(o.spent(o.kind('internet'), elec.period), 'broadband'), money(o.spent(o.kind('phone'), elec.period), 'phone')]),
      ],
    },
    { person: 'cian', turns: [t(`how much did I spend on coffee and how much on takeaways in ${m2.name}`, 'multi_part', [money(o.spent(coffee, m2.period), 'coffee'), money(o.spent(takeaway, m2.period), 'takeaways')])] },
    { person: 'cian', turns: [t(`how much did clients pay me in ${paid.name}, and how much of it went on rent?`, 'multi_part', [money(o.earned(freelance, paid.period), 'client payments'), money(o.spent(o.kind('rent'), paid.period), 'rent')])] },
    { person: 'cian', turns: [t('what will my tax bill be this year?', 'honesty', [declines()])] },
    { person: 'cian', turns: [t('how much interest did my savings earn last year?', 'honesty', [declines()])] },
    { person: 'cian', turns: [t('what do the bins cost me, and how often?', 'consistency', [money(7200, 'the bin bill'), says(/every (three|3) months|quarter/i, 'every three months')], [[Math.round(7200 / 3), 'a monthly figure that is not charged']])] },
    { person: 'cian', turns: [t("what's the balance on my Revolut?", 'honesty', [declines()])] },
    { person: 'cian', turns: [t('what would my design business be worth if I sold it?', 'honesty', [declines()])] },
    { person: 'cian', turns: [t('how much does my landlord pay on her mortgage', 'honesty', [declines()])] },
    {
      person: 'cian',
      turns: [
        t('how much did I spend at Lidl last month', 'bank_names', [money(o.spent(o.merchant('Lidl'), lm), 'Lidl last month')]),
        t(`and Lidl for the whole of ${m1.name}?`, 'consistency', [money(o.spent(o.merchant('Lidl'), lm), 'the same figure')]),
      ],
    },
    { person: 'cian', turns: [t('How often do I pay for electricity, and how much was the last bill?', 'consistency', [money(o.spent(o.kind('electricity'), elec.period), 'the last electricity bill'), says(/every (two|2) months|bi-?monthly|every other month|every second month/i, 'every two months')], [[5500, 'broadband']])] },
    {
      person: 'cian',
      turns: [
        t('how much have I spent on coffee this year?', 'everyday_words', [money(o.spent(coffee, o.thisYear), 'coffee this year')]),
        t(`so coffee since January 1st ${o.today.slice(0, 4)} comes to what?`, 'consistency', [money(o.spent(coffee, o.thisYear), 'the same figure')]),
      ],
    },
    {
      person: 'cian',
      turns: [
        t(`how much did SumUp pay out to me in ${m1.name}?`, 'income_net', [money(o.earned(stall, m1.period), 'card reader payouts')], [[o.earned(o.any, m1.period), 'all income']]),
        t(`and ${m2.name}?`, 'follow_up', [money(o.earned(stall, m2.period), 'card reader payouts the month asked')], [[o.earned(o.any, m2.period), 'all income']]),
      ],
    },
    {
      person: 'cian',
      turns: [
        t('how much did I spend on groceries last month?', 'everyday_words', [money(o.spent(groceries, lm), 'groceries')]),
        t('how many times did I go to Lidl then?', 'follow_up', [count(o.count(o.merchant('Lidl'), lm), 'Lidl visits')]),
      ],
    },
  ].map((c) => ({ ...c, person: 'cian' as const }));
}

function gail(o: Oracle): Conversation[] {
  const t = asker(o);
  const [m1, m2, m3] = [o.month(-1), o.month(-2), o.month(-3)];
  const lm = o.lastMonth.period;
  const fuel = o.kind('fuel');
  const groceries = o.kind('groceries');
  const takeaway = o.kind('takeaway');
  const amazon = o.merchant('Amazon');
  const costa = o.merchant('Costa');
  // A month with at least two orders, so "the most expensive order" is a question.
  const amz = [-2, -3, -4, -5, -6, -7].map((off) => o.month(off)).find((m) => o.count(amazon, m.period) >= 2) ?? o.month(-2);
  const ctax = o.latestMonthWith(o.kind('council_tax'));
  const months = Number(o.today.slice(5, 7));
  const fuelYear = [o.perMonth(fuel, o.thisYear, months), o.perMonth(fuel, { start: o.thisYear.start, end: m1.period.end }, Math.max(1, months - 1))];
  const bills = o.and(o.kind('council_tax', 'energy', 'water', 'internet', 'phone', 'insurance', 'tv_licence'));
  const trip = tripCost(o);
  const villa = o.spent(o.and(o.onTrip, o.kind('lodging')), o.all);
  const topGroceries = o.topMonth(groceries, Array.from({ length: Number(o.today.slice(5, 7)) }, (_, i) => -i));
  const costaBoth: Period = { start: m2.period.start, end: m1.period.end };
  return [
    { person: 'gail', turns: [t(`how much did I spend on petrol in ${m1.name}`, 'everyday_words', [money(o.spent(fuel, m1.period), 'petrol')], [[o.spent(o.bank(/TESCO/), m1.period), 'all of Tesco'], [o.spent(o.kind('energy'), m1.period), 'the gas and electric bill']])] },
    { person: 'gail', turns: [t('What did the dog cost me last month?', 'everyday_words', [money(o.spent(o.kind('pets', 'vet'), lm), 'the dog')])] },
    { person: 'gail', turns: [t(`how much was the gas bill in ${m2.name}?`, 'everyday_words', [money(o.spent(o.kind('energy'), m2.period), 'the gas and electricity bill')], [[o.spent(fuel, m2.period), 'petrol']])] },
    {
      person: 'gail',
      turns: [
        t('how much did I spend eating out last month', 'everyday_words', [money(sumsOver(o, eatingOut(o), [lm]), 'eating out')]),
        t('and just takeaways?', 'follow_up', [money(o.spent(takeaway, lm), 'takeaways last month')], [[o.spent(o.category('Dining'), lm), 'all of Dining']]),
      ],
    },
    { person: 'gail', turns: [t('How much did I spend in Tesco last month, just the shopping not the petrol', 'bank_names', [money(o.spent(o.and(o.merchant('Tesco'), groceries), lm), 'Tesco groceries')], [[o.spent(o.bank(/TESCO/), lm), 'Tesco with the petrol'], [o.spent(groceries, lm), 'all groceries']])] },
    {
      person: 'gail',
      turns: [
        t(`what did Amazon cost me in ${amz.name}?`, 'bank_names', [money(o.spent(amazon, amz.period), 'Amazon')], [[o.spent(o.category('Shopping'), amz.period), 'all of Shopping']]),
        t('what was the most expensive order?', 'follow_up', [money(o.largest(amazon, amz.period), 'the largest Amazon order')]),
      ],
    },
    { person: 'gail', turns: [t('how much have I given to Oxfam this year', 'bank_names', [money(o.spent(o.merchant('Oxfam'), o.thisYear), 'Oxfam')])] },
    { person: 'gail', turns: [t('what have I spent at the Royal Oak this year?', 'bank_names', [money(o.spent(o.merchant('The Royal Oak'), o.thisYear), 'the Royal Oak')], [[o.spent(o.category('Dining'), o.thisYear), 'all of Dining']])] },
    { person: 'gail', turns: [t('how much did the John Lewis shopping come to after I took the kettle back?', 'income_net', [money(24900 + 7900 - 7900, 'John Lewis net of the return')])] },
    { person: 'gail', turns: [t('how much has the tutoring brought in this year?', 'income_net', [money(o.earned(o.kind('tutoring'), o.thisYear), 'tutoring')], [[o.earned(o.any, o.thisYear), 'all income']])] },
    { person: 'gail', turns: [t('how much pension did I get last month', 'income_net', [money(o.earned(o.kind('pension'), lm), 'both pensions')], [[o.earned(o.any, lm), 'all income']])] },
    { person: 'gail', turns: [t('what did the villa in Malaga end up costing me once Sue paid her half?', 'income_net', [money(villa - o.earned(o.kind('reimbursement'), o.all), 'the villa net of Sue’s half')])] },
    { person: 'gail', turns: [t('how much came in altogether last month?', 'income_net', [money(o.earned(o.any, lm), 'all income')])] },
    { person: 'gail', turns: [t('how much have I spent on petrol over the last 6 months', 'periods', [money(sumsOver(o, [fuel], o.lastMonths(6)), 'petrol over six months')], [[o.spent(fuel, o.month(-6).period), 'the sixth month alone']])] },
    { person: 'gail', turns: [t('what did I spend at the weekend?', 'periods', [money(sumsOver(o, [o.any], o.lastWeekend()), 'spending last weekend')])] },
    {
      person: 'gail',
      turns: [
        t('what did the Malaga holiday cost me, all in?', 'periods', [money(trip, 'the trip')]),
        t('and how much of that was eating and drinking out there?', 'follow_up', [money([o.spent(o.and(o.onTrip, o.kind('restaurant', 'coffee')), o.all), o.spent(o.and(o.onTrip, o.kind('restaurant', 'coffee', 'groceries')), o.all)], 'food and drink in Malaga')]),
      ],
    },
    { person: 'gail', turns: [t(`how much did I spend on groceries since the 1st of ${m3.name}?`, 'periods', [money(o.spent(groceries, o.since(m3.period.start)), 'groceries since then')], [[o.spent(groceries, m3.period), `groceries in ${m3.name} only`]])] },
    { person: 'gail', turns: [t('how much a month do I spend on petrol on average this year', 'measures', [money(fuelYear, 'petrol per month', 1)], [[o.spent(fuel, o.thisYear), 'the year total']])] },
    {
      person: 'gail',
      turns: [
        t(`what did I spend on petrol in ${m2.name}?`, 'everyday_words', [money(o.spent(fuel, m2.period), 'petrol')]),
        t('how many fill-ups was that?', 'follow_up', [count(o.count(fuel, m2.period), 'fill-ups')]),
      ],
    },
    { person: 'gail', turns: [t(`Did I spend more at Costa in ${m2.name} or in ${m1.name}?`, 'measures', [money(o.spent(costa, m2.period), m2.name), money(o.spent(costa, m1.period), m1.name)])] },
    {
      person: 'gail',
      turns: [
        t("what's the most I've spent on groceries in one month this year?", 'measures', [money(topGroceries.minor, 'the largest grocery month')], [[o.largest(groceries, o.thisYear), 'the largest single shop']]),
        t('when was that?', 'follow_up', [namesMonth(topGroceries.month.m)]),
      ],
    },
    { person: 'gail', turns: [t('which was my biggest bill last month?', 'measures', [money(o.largest(bills, lm), 'the largest bill')])] },
    {
      person: 'gail',
      turns: [
        t('how much did I spend at Costa last month', 'bank_names', [money(o.spent(costa, lm), 'Costa')]),
        t('and the month before that?', 'follow_up', [money(o.spent(costa, m2.period), 'Costa the month before')]),
        t("so what's that per visit across both months?", 'follow_up', [money(o.perVisit(costa, costaBoth), 'per visit over both months', 1)]),
      ],
    },
    { person: 'gail', turns: [t(`what did council tax, the energy bill and petrol cost me in ${ctax.name}`, 'multi_part', [money(o.spent(o.kind('council_tax'), ctax.period), 'council tax'), money(o.spent(o.kind('energy'), ctax.period), 'energy'), money(o.spent(fuel, ctax.period), 'petrol')])] },
    { person: 'gail', turns: [t('how much pension came in last month and how much did I get from tutoring?', 'multi_part', [money(o.earned(o.kind('pension'), lm), 'pensions'), money(o.earned(o.kind('tutoring'), lm), 'tutoring')])] },
    { person: 'gail', turns: [t('what did the car cost me last month - petrol and insurance?', 'multi_part', [money(o.spent(fuel, lm), 'petrol'), money(o.spent(o.merchant('Admiral (car)'), lm), 'car insurance')])] },
    { person: 'gail', turns: [t(`how much did I spend on groceries, and how much at the pub, in ${m2.name}?`, 'multi_part', [money(o.spent(groceries, m2.period), 'groceries'), money(o.spent(o.merchant('The Royal Oak'), m2.period), 'the Royal Oak')])] },
    { person: 'gail', turns: [t('how much is my house worth now?', 'honesty', [declines()])] },
    { person: 'gail', turns: [t('how much did Sue spend on the holiday?', 'honesty', [declines()])] },
    { person: 'gail', turns: [t('how many kWh of electricity did I use last winter?', 'honesty', [declines()])] },
    { person: 'gail', turns: [t('What will my state pension go up to next April?', 'honesty', [declines()])] },
    {
      person: 'gail',
      turns: [
        t('how much did I spend on groceries last month?', 'everyday_words', [money(o.spent(groceries, lm), 'groceries')]),
        t(`and what did my food shopping come to in ${m1.name}?`, 'consistency', [money(o.spent(groceries, lm), 'the same figure')]),
      ],
    },
    { person: 'gail', turns: [t('What regular payments go out every month?', 'consistency', [money(12400, 'Octopus'), money(4299, 'BT'), money(4120, 'Admiral')], [[18600, 'the one-off vet bill'], [24900, 'a one-off purchase']])] },
    { person: 'gail', turns: [t('how much is my council tax each month', 'consistency', [money(16800, 'the instalment')], [[16800 * 12, 'a year of twelve instalments']])] },
    { person: 'gail', turns: [t('How much do I pay for the TV licence?', 'consistency', [money(17450, 'the licence'), says(/year|annual/i, 'that it is yearly')], [[Math.round(17450 / 12), 'a monthly figure that is not charged']])] },
  ].map((c) => ({ ...c, person: 'gail' as const }));
}

/** The whole set: every person's conversations. */
export function buildSet(people: Person[], today: string): { conversations: Conversation[]; oracles: Map<Person['key'], Oracle> } {
  const oracles = new Map(people.map((p) => [p.key, oracle(p, today)] as const));
  const build = { dana, cian, gail };
  const conversations = people.flatMap((p) => build[p.key](oracles.get(p.key)!));
  return { conversations, oracles };
}

/** Scored questions per class. */
export function classSizes(conversations: Conversation[]): Map<QuestionClass, number> {
  const sizes = new Map<QuestionClass, number>(CLASSES.map((c) => [c, 0]));
  for (const c of conversations) for (const t of c.turns) sizes.set(t.cls, sizes.get(t.cls)! + 1);
  return sizes;
}

