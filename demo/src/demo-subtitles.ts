/**
 * Subtitles of the demo catalogue (issue #21): English and Russian for every episode, a few lines of
 * the episode's story (demo-script.ts) spread over its running time, between the title screen and the
 * closing credits the media generator puts at either end. The demo series are spoken in English
 * (`audio_language` `en`), so the English track is the captions and the Russian one the translation.
 * Written when the demo catalogue is seeded.
 */
import type { Executor } from '../../api/src/db/schema';
import { parseSubtitles } from '../../api/src/domains/subtitles/subtitle-text';
import { findTrack, insertTrack } from '../../api/src/domains/subtitles/subtitles.repository';
import { languageName } from '../../api/src/domains/subtitles/subtitles.service';

/** One line as said on screen: English, then Russian. */
type Line = readonly [en: string, ru: string];

export const DEMO_SUBTITLE_LANGUAGES = ['en', 'ru'] as const;
export type DemoSubtitleLanguage = (typeof DEMO_SUBTITLE_LANGUAGES)[number];

/** Seconds of title screen before the first line, and of credits after the last (DEMO_EPISODE_SHAPE). */
const OPENING_SECONDS = 3;
const CREDITS_SECONDS = 9;
/** How long one line stays on screen, at most. */
const LINE_SECONDS = 5.5;

/** Per series, per episode in order: the lines. */
export const DEMO_SUBTITLE_LINES: Readonly<Record<string, ReadonlyArray<ReadonlyArray<Line>>>> = {
  'midnight-vows': [
    [
      ['Your father owes more than this bakery is worth.', 'Ваш отец должен больше, чем стоит вся пекарня.'],
      ['Sign for one year, and every debt disappears.', 'Подпишите на год — и все долги исчезнут.'],
      ['One rule, Lena: never fall in love with me.', 'Одно правило, Лена: никогда в меня не влюбляйтесь.'],
    ],
    [
      ['Lena, do you take Adrian as your husband?', 'Лена, согласны ли вы взять Адриана в мужья?'],
      ['The ring is too big. — Then don’t lose it.', 'Кольцо велико. — Тогда не потеряйте его.'],
      ['He didn’t even look at me. Not once.', 'Он даже не взглянул на меня. Ни разу.'],
    ],
    [
      ['Your room is on the left. Mine is off limits.', 'Ваша комната слева. В мою не входить.'],
      ['The power’s out… Adrian, are you there?', 'Свет погас… Адриан, вы здесь?'],
      ['Stay close. I’m not the one afraid of storms.', 'Держитесь ближе. Это не я боюсь грозы.'],
    ],
    [
      ['Adrian, darling. I’m back.', 'Адриан, милый. Я вернулась.'],
      ['And who is this? The help?', 'А это кто? Прислуга?'],
      ['This is my wife. Choose your next words carefully.', 'Это моя жена. Подбирай слова осторожнее.'],
    ],
    [
      ['Baking at five in the morning again?', 'Опять печёте в пять утра?'],
      ['It helps me forget things. People, mostly.', 'Это помогает забыть. В основном — людей.'],
      ['Then bake for two. I’ll be up early tomorrow.', 'Тогда пеките на двоих. Завтра я тоже встану рано.'],
    ],
    [
      ['You’re on the front page. Kissing your husband.', 'Вы на первой полосе. Целуетесь с мужем.'],
      ['It was for the cameras. It meant nothing.', 'Это было для камер. Это ничего не значит.'],
      ['Then why are you still smiling?', 'Тогда почему вы до сих пор улыбаетесь?'],
    ],
    [
      ['Clause nine… I’ve never seen this page.', 'Пункт девятый… Я никогда не видела эту страницу.'],
      [
        '“If either party falls in love, the contract never ends.”',
        '«Если одна из сторон влюбится, контракт не закончится никогда».',
      ],
      ['You wrote this. Before we even met?', 'Это написали вы. Ещё до нашей встречи?'],
    ],
    [
      ['Tonight our contract ends. You’re free, Lena.', 'Сегодня наш контракт заканчивается. Вы свободны, Лена.'],
      ['So let me ask properly. Marry me — for real.', 'Тогда спрошу как следует. Выходите за меня — по-настоящему.'],
      ['It fits. It finally fits.', 'Оно подошло. Наконец-то подошло.'],
    ],
  ],
  'the-heiress-returns': [
    [
      ['The test is clear. You are not our daughter.', 'Тест не оставляет сомнений. Ты нам не дочь.'],
      ['I’ve been your daughter for eighteen years!', 'Я была вашей дочерью восемнадцать лет!'],
      ['Take your coat and go. Tonight.', 'Бери пальто и уходи. Сегодня же.'],
    ],
    [
      ['Ten years. The tower hasn’t changed.', 'Десять лет. Башня совсем не изменилась.'],
      ['Shall I announce you, miss? — Not yet.', 'Доложить о вас? — Пока нет.'],
      ['Let them enjoy their last quiet week.', 'Пусть насладятся последней спокойной неделей.'],
    ],
    [
      ['You’re the new intern? Coffee, black, two sugars.', 'Вы новая стажёрка? Кофе, чёрный, два сахара.'],
      ['Of course. Anything else, Miss Harrington?', 'Конечно. Что-нибудь ещё, мисс Харрингтон?'],
      ['She has no idea who’s bringing her coffee.', 'Она и не догадывается, кто приносит ей кофе.'],
    ],
    [
      ['Without a sponsor, there is no anniversary gala.', 'Без спонсора юбилейного вечера не будет.'],
      [
        'One offer came in. From a company nobody knows.',
        'Пришло одно предложение. От компании, о которой никто не слышал.',
      ],
      ['Accept it. We have no other choice.', 'Принимайте. Другого выхода у нас нет.'],
    ],
    [
      ['That pendant… where did you get it?', 'Этот кулон… откуда он у тебя?'],
      ['Someone gave it to me when I was a baby.', 'Мне подарили его, когда я была совсем маленькой.'],
      [
        'I gave this to my baby girl. Twenty-eight years ago.',
        'Я подарила его своей дочке. Двадцать восемь лет назад.',
      ],
    ],
    [
      [
        'Overnight, thirty percent of our shares changed hands.',
        'За одну ночь тридцать процентов акций сменили владельца.',
      ],
      ['Who bought them? — We don’t know yet.', 'Кто их купил? — Пока неизвестно.'],
      ['The chairman’s seat is open. Let’s vote.', 'Кресло председателя свободно. Голосуем.'],
    ],
    [
      ['Everyone, look! Her badge is fake!', 'Все смотрите! У неё поддельный пропуск!'],
      ['Who are you really?', 'Кто ты на самом деле?'],
      ['You’ll find out at the gala. Everyone will.', 'Узнаешь на вечере. Все узнают.'],
    ],
    [
      ['Good evening. Some of you knew me as the intern.', 'Добрый вечер. Некоторые из вас знали меня как стажёрку.'],
      ['My name is Mia Harrington.', 'Меня зовут Мия Харрингтон.'],
      ['And as of tonight, I own everything in this room.', 'И с сегодняшнего вечера мне принадлежит всё в этом зале.'],
    ],
  ],
  'the-ceos-secret-twins': [
    [
      ['Mom, is this the city where Dad lives?', 'Мам, это тот город, где живёт папа?'],
      ['We’re here for my interview. Nothing else.', 'Мы здесь ради моего собеседования. И только.'],
      ['Don’t worry. We’ll be good. Mostly.', 'Не волнуйся. Мы будем хорошими. Почти всегда.'],
    ],
    [
      ['Top floor. That’s where the boss is.', 'Последний этаж. Там сидит главный.'],
      ['Excuse me, this is a private floor.', 'Простите, это закрытый этаж.'],
      ['We know. We’re looking for our dad.', 'Мы знаем. Мы ищем папу.'],
    ],
    [
      ['What are your names?', 'Как вас зовут?'],
      ['They have your eyes, sir. Both of them.', 'У них ваши глаза, сэр. У обоих.'],
      ['Find their mother. Now.', 'Найдите их мать. Немедленно.'],
    ],
    [
      ['Every screen in the building, sir. All at once.', 'Все экраны в здании, сэр. Одновременно.'],
      ['“Be nice to our mom.”', '«Будь добр к нашей маме».'],
      [
        'Five years old… and they beat my whole security team.',
        'Им пять лет… и они обошли всю мою службу безопасности.',
      ],
    ],
    [
      ['I want a test. Today.', 'Мне нужен тест. Сегодня.'],
      ['Swap the samples before the nurse comes back!', 'Поменяй пробирки, пока медсестра не вернулась!'],
      ['Negative? That’s impossible.', 'Отрицательный? Этого не может быть.'],
    ],
    [
      ['The children stay with the Blakes.', 'Дети останутся у Блейков.'],
      ['And you will leave the city by Friday.', 'А вы покинете город до пятницы.'],
      ['They’re my sons. I’m not going anywhere.', 'Это мои сыновья. Я никуда не уеду.'],
    ],
    [
      ['The storm, the hotel… I remember now.', 'Гроза, отель… теперь я вспомнила.'],
      ['It was you. You kept me safe that night.', 'Это были вы. Той ночью вы меня защитили.'],
      ['I’ve been looking for you for five years.', 'Я искал вас пять лет.'],
    ],
    [
      ['Everyone smile! Three, two, one!', 'Все улыбаемся! Три, два, один!'],
      ['Dad, now! Like we practised!', 'Пап, давай! Как мы репетировали!'],
      ['Chloe, will you marry me?', 'Хлоя, ты выйдешь за меня?'],
    ],
  ],
  'alpha-of-the-silver-moon': [
    [
      ['I, Kane, Alpha of the Blackwood pack…', 'Я, Кейн, Альфа стаи Блэквуд…'],
      ['…reject you, Ivy, as my mate.', '…отвергаю тебя, Айви, как свою пару.'],
      ['On my eighteenth birthday. In front of everyone.', 'В мой восемнадцатый день рождения. При всех.'],
    ],
    [
      ['Don’t cross the border stones, Ivy!', 'Не заходи за пограничные камни, Айви!'],
      ['No wolf has ever come back from there.', 'Оттуда не вернулся ни один волк.'],
      ['Then I’ll be the first.', 'Значит, я буду первой.'],
    ],
    [
      ['What is this? It’s glowing…', 'Что это? Оно светится…'],
      ['The mark of the silver moon.', 'Знак серебряной луны.'],
      ['No wolf has borne it for a thousand years.', 'Ни один волк не носил его уже тысячу лет.'],
    ],
    [
      ['A lost little wolf. What luck.', 'Заблудившаяся волчица. Вот так удача.'],
      ['Wait… look at her wrist.', 'Стой… посмотри на её запястье.'],
      ['Forgive us, my lady. We are yours to command.', 'Простите нас, госпожа. Приказывайте.'],
    ],
    [
      ['I have waited a long time for the moon to choose.', 'Я долго ждал, когда луна сделает выбор.'],
      ['A throne is yours, if you want it.', 'Трон ваш, если пожелаете.'],
      ['And what do you want in return? — Nothing.', 'А что вы хотите взамен? — Ничего.'],
    ],
    [
      ['Blackwood is surrounded. They won’t last the night.', 'Блэквуд окружён. До утра им не продержаться.'],
      ['They cast you out. Why save them?', 'Они тебя изгнали. Зачем их спасать?'],
      ['Because it’s the right thing to do.', 'Потому что так будет правильно.'],
    ],
    [
      ['I was a fool, Ivy. I was afraid of your power.', 'Я был глупцом, Айви. Я боялся твоей силы.'],
      ['Give me a second chance.', 'Дай мне второй шанс.'],
      ['You never gave me a first one.', 'Ты не дал мне даже первого.'],
    ],
    [
      ['Both packs are waiting for your answer.', 'Обе стаи ждут вашего ответа.'],
      ['I won’t be anyone’s prize.', 'Я не стану ничьим трофеем.'],
      ['From tonight, I choose my own path.', 'С этой ночи я сама выбираю свой путь.'],
    ],
  ],
  'the-last-witness': [
    [
      ['3:14 a.m. Another quiet night.', '3:14. Ещё одна тихая ночь.'],
      ['He was pushed! Somebody pushed him!', 'Его столкнули! Кто-то его столкнул!'],
      ['Police? I need to report a murder.', 'Полиция? Я хочу сообщить об убийстве.'],
    ],
    [
      ['We searched the whole deck, ma’am. Nothing.', 'Мы обыскали всю парковку. Ничего.'],
      ['No body. No blood. No missing person.', 'Ни тела. Ни крови. Никто не пропал.'],
      ['I know what I saw.', 'Я знаю, что видела.'],
    ],
    [
      ['A taxi driver saw it too. He called it in.', 'Таксист тоже это видел. Он позвонил в полицию.'],
      ['Can I talk to him? — He was found dead this morning.', 'Можно с ним поговорить? — Утром его нашли мёртвым.'],
      ['Then I might be next.', 'Значит, следующей могу быть я.'],
    ],
    [
      ['You’re suspended. Why should I trust you?', 'Вас отстранили. Почему я должна вам верить?'],
      ['Because I’m the only one who believes you.', 'Потому что я единственный, кто вам верит.'],
      ['Tell me everything. From 3:14.', 'Расскажите всё. С трёх четырнадцати.'],
    ],
    [
      ['Room 12 should be asleep until morning.', 'Пациент из двенадцатой должен спать до утра.'],
      ['Nurse… did you see his face?', 'Сестра… вы видели его лицо?'],
      ['Who are you? How do you know about that?', 'Кто вы? Откуда вы это знаете?'],
    ],
    [
      ['The tape from that night was missing. I found a copy.', 'Запись той ночи пропала. Я нашёл копию.'],
      ['Stop there. Zoom in on his chest.', 'Стоп. Увеличьте — на груди.'],
      ['A hospital badge. He works here.', 'Больничный пропуск. Он работает здесь.'],
    ],
    [
      ['Attention: the ward is sealed for a drill.', 'Внимание: отделение закрыто на учения.'],
      ['Shaw, the doors won’t open. He’s here.', 'Шоу, двери не открываются. Он здесь.'],
      ['Hello, June. You saw me that night.', 'Здравствуй, Джун. Ты видела меня той ночью.'],
    ],
    [
      ['He wants me. So let’s give him what he wants.', 'Ему нужна я. Значит, дадим ему то, что он хочет.'],
      ['I’m right behind you. Don’t look back.', 'Я прямо за вами. Не оборачивайтесь.'],
      ['It’s over. My shift is over.', 'Всё кончено. Моя смена закончилась.'],
    ],
  ],
  'divorced-and-dangerous': [
    [
      ['Happy anniversary. Open it.', 'С годовщиной. Открой.'],
      ['Divorce papers. In a silver box.', 'Документы о разводе. В серебряной коробочке.'],
      ['Seven years… and this is my gift?', 'Семь лет… и вот мой подарок?'],
    ],
    [
      ['No tears? No questions?', 'Ни слёз? Ни вопросов?'],
      ['Just one thing. I’m taking the old laptop.', 'Только одно. Я забираю старый ноутбук.'],
      ['Take it. It’s worthless.', 'Забирай. Он ничего не стоит.'],
    ],
    [
      ['Is that… your ex-wife?', 'Это что… твоя бывшая?'],
      ['Good morning, gentlemen. Shall we begin?', 'Доброе утро, господа. Начнём?'],
      ['She’s working for our rival now.', 'Теперь она работает на наших конкурентов.'],
    ],
    [
      ['I want the house. And the car.', 'Я хочу дом. И машину.'],
      ['Her friends will be my friends soon.', 'Скоро её друзья станут моими.'],
      ['Enjoy it while it lasts, dear.', 'Наслаждайтесь, пока можете, дорогая.'],
    ],
    [
      ['Seven years of accounts. He never deleted anything.', 'Семь лет отчётности. Он ничего не удалял.'],
      ['He thought I never read them.', 'Он думал, что я их никогда не читала.'],
      ['I read every single line.', 'Я прочитала каждую строчку.'],
    ],
    [
      ['I don’t take easy cases. Yours isn’t easy.', 'Я не берусь за простые дела. Ваше — не простое.'],
      ['So you’ll take it?', 'Значит, возьмётесь?'],
      ['I will. And maybe dinner, afterwards.', 'Возьмусь. А потом, может быть, и поужинаем.'],
    ],
    [
      ['Your Honour, my client has been more than generous.', 'Ваша честь, мой клиент и так был очень щедр.'],
      ['Then let’s look at the numbers.', 'Тогда давайте посмотрим на цифры.'],
      ['Every transfer. Every hidden account.', 'Каждый перевод. Каждый скрытый счёт.'],
    ],
    [
      ['The company goes to Claire.', 'Компания переходит к Клэр.'],
      ['Dinner tonight? To celebrate?', 'Поужинаем сегодня? Отпразднуем?'],
      ['Yes. For the first time in years, I’m free.', 'Да. Впервые за много лет я свободна.'],
    ],
  ],
  'my-fake-fiance-is-a-prince': [
    [
      ['Wanted: a fake fiancé for one weekend.', 'Ищу фальшивого жениха на одни выходные.'],
      ['One reply. Just one.', 'Один отклик. Всего один.'],
      ['Hi, I’m Leo. When do I start?', 'Привет, я Лео. Когда приступать?'],
    ],
    [
      ['Mom, Dad — this is Leo. My fiancé.', 'Мама, папа, это Лео. Мой жених.'],
      ['So, young man, what do you do for a living?', 'Итак, молодой человек, чем вы занимаетесь?'],
      ['A bit of everything. Mostly… the family business.', 'Всем понемногу. В основном… семейным делом.'],
    ],
    [
      ['I’ll step on your feet. I warned you.', 'Я отдавлю вам ноги. Я предупреждала.'],
      ['Just follow me. One, two, three…', 'Просто следуйте за мной. Раз, два, три…'],
      ['Where did you learn to dance like that?', 'Где вы научились так танцевать?'],
    ],
    [
      ['Those two men are behind the hedge again.', 'Эти двое опять за живой изгородью.'],
      ['Friends of yours? — Never seen them before.', 'Ваши друзья? — Впервые вижу.'],
      ['Then why did one of them just bow to you?', 'Тогда почему один из них вам только что поклонился?'],
    ],
    [
      ['Breaking news: the crown prince is still missing.', 'Срочные новости: наследный принц до сих пор не найден.'],
      ['Leo… that’s your face on the TV.', 'Лео… это же ваше лицо по телевизору.'],
      ['I can explain. Mostly.', 'Я могу всё объяснить. Почти всё.'],
    ],
    [
      ['A call for Miss Rosie. From Her Majesty.', 'Звонок для мисс Рози. От Её Величества.'],
      ['She would like to meet the fiancée.', 'Она хотела бы познакомиться с невестой.'],
      ['Leo, your mother is the queen?!', 'Лео, твоя мама — королева?!'],
    ],
    [
      ['We’re live in three, two, one…', 'Мы в эфире через три, два, один…'],
      ['It was all fake. I hired him for a weekend.', 'Всё было понарошку. Я наняла его на выходные.'],
      ['I’m sorry. He deserves something real.', 'Простите. Он заслуживает настоящих чувств.'],
    ],
    [
      ['I’ve thrown away the script.', 'Я выбросил сценарий.'],
      ['No fake ring. No fake weekend.', 'Никакого фальшивого кольца. Никаких фальшивых выходных.'],
      ['Rosie, will you marry me — for real?', 'Рози, ты выйдешь за меня — по-настоящему?'],
    ],
  ],
  'the-dragons-bride': [
    [
      ['Every hundred years, the mountain takes a bride.', 'Раз в сто лет гора забирает невесту.'],
      ['The name drawn is…', 'Жребий пал на…'],
      ['Sister! Somebody help her!', 'Сестра! Помогите ей!'],
    ],
    [
      ['Take me instead. She’s only fifteen.', 'Возьмите меня вместо неё. Ей всего пятнадцать.'],
      ['No bride has ever come back.', 'Ни одна невеста ещё не вернулась.'],
      ['Then I’ll climb toward the smoke.', 'Тогда я пойду туда, где дым.'],
    ],
    [
      ['No gold. No bones. Only books.', 'Ни золота. Ни костей. Только книги.'],
      ['Who keeps a library in a dragon’s cave?', 'Кто держит библиотеку в пещере дракона?'],
      ['Don’t open that door. Not yet.', 'Не открывай эту дверь. Пока не надо.'],
    ],
    [
      ['The sun is setting. You should run.', 'Солнце садится. Тебе лучше бежать.'],
      ['You’re… the dragon.', 'Ты… и есть дракон.'],
      ['I warned you. Every night, I become this.', 'Я предупреждал. Каждую ночь я становлюсь таким.'],
    ],
    [
      ['“Day one hundred. He is kind. No one believes me.”', '«День сотый. Он добр. Мне никто не верит».'],
      ['They weren’t eaten. They left.', 'Их не съели. Они ушли.'],
      ['Every bride before me chose to leave.', 'Каждая невеста до меня сама решила уйти.'],
    ],
    [
      ['Hunters. From my village.', 'Охотники. Из моей деревни.'],
      ['We’ve come to slay the beast and bring you home.', 'Мы пришли убить чудовище и вернуть тебя домой.'],
      ['You’ll have to go through me first.', 'Сначала вам придётся иметь дело со мной.'],
    ],
    [
      ['The curse can be broken. But there is a price.', 'Проклятие можно снять. Но у этого есть цена.'],
      ['Your voice. You would never speak again.', 'Твой голос. Ты больше никогда не заговоришь.'],
      ['Then let my last words be: I choose you.', 'Тогда пусть мои последние слова будут: я выбираю тебя.'],
    ],
    [
      ['Look! On the dragon’s back!', 'Смотрите! На спине дракона!'],
      ['It’s Ayla. She came back.', 'Это Айла. Она вернулась.'],
      ['Bow to the Queen of the Mountain.', 'Склонитесь перед Королевой Горы.'],
    ],
  ],
  'kitchen-wars': [
    [
      ['Half the shop to each grandchild.', 'Половина лавки — каждому из внуков.'],
      [
        'On one condition: you share the stove for ninety days.',
        'С одним условием: девяносто дней вы делите одну плиту.',
      ],
      ['Ninety days with him? I’d rather sell.', 'Девяносто дней с ним? Лучше уж продать.'],
    ],
    [
      [
        'Table four wants truffle foam… and spicy street noodles.',
        'Четвёртый столик хочет трюфельную пену… и острую лапшу.',
      ],
      ['Both? From both menus?', 'И то и другое? Из обоих меню?'],
      ['Fine. My foam, your noodles. Go!', 'Ладно. Моя пена, твоя лапша. Вперёд!'],
    ],
    [
      ['Grandma’s broth tastes wrong. Something’s missing.', 'Бабушкин бульон не тот. Чего-то не хватает.'],
      ['You hid it, didn’t you?', 'Это ты спрятал, да?'],
      ['Me? I thought you did!', 'Я? Я думал, это ты!'],
    ],
    [
      ['The critic just walked in. Tonight of all nights.', 'Пришёл критик. Именно сегодня.'],
      ['The fryer’s broken and we’re out of noodles.', 'Фритюрница сломалась, и лапша закончилась.'],
      ['Then we cook something new. Together.', 'Значит, готовим что-то новое. Вместе.'],
    ],
    [
      ['Sign, and the whole shop is yours.', 'Подпишите — и вся лавка ваша.'],
      ['He made me the same offer.', 'Он сделал мне то же предложение.'],
      ['So he’s playing us against each other.', 'Значит, он стравливает нас друг с другом.'],
    ],
    [
      ['The power’s gone! In the middle of the rush!', 'Пропал свет! В самый разгар наплыва!'],
      ['Candles. Gas stove. We can still do this.', 'Свечи. Газовая плита. Мы ещё справимся.'],
      ['You’re not bad… for a fine-dining snob.', 'А ты неплох… для ресторанного сноба.'],
    ],
    [
      ['Welcome to the cook-off! The winner keeps the name.', 'Добро пожаловать на поединок! Победителю — вывеска.'],
      ['Thirty minutes. Your time starts now.', 'Тридцать минут. Время пошло.'],
      ['We’re not cooking against each other. One dish, together.', 'Мы не соревнуемся. Готовим одно блюдо на двоих.'],
    ],
    [
      ['Look, on the back of our old photo.', 'Смотри, на обороте нашей старой фотографии.'],
      ['“The secret ingredient: cook it together.”', '«Секретный ингредиент: готовить вместе».'],
      ['She planned this all along.', 'Она всё это задумала с самого начала.'],
    ],
  ],
  'the-stolen-years': [
    [
      ['Hold my hand, sweetheart. Don’t let go.', 'Держи меня за руку, солнышко. Не отпускай.'],
      ['Mommy, a red balloon!', 'Мама, красный шарик!'],
      ['Where is she? Has anyone seen my daughter?', 'Где она? Кто-нибудь видел мою дочь?'],
    ],
    [
      ['Twenty years, and I still search every face.', 'Двадцать лет, а я всё ещё вглядываюсь в каждое лицо.'],
      ['That birthmark… on her shoulder.', 'Это родимое пятно… на плече.'],
      ['It’s her. It has to be her.', 'Это она. Это точно она.'],
    ],
    [
      ['We need a cook for the wedding season.', 'Нам нужна повариха на время свадеб.'],
      ['I can start today.', 'Я могу начать сегодня.'],
      ['Just cook. Don’t speak to the family.', 'Просто готовьте. С семьёй не разговаривайте.'],
    ],
    [
      ['That song… where did you learn it?', 'Эта песня… откуда вы её знаете?'],
      ['I don’t know. I’ve always known it.', 'Не знаю. Я всегда её знала.'],
      ['I made it up. For one little girl.', 'Я сама её сочинила. Для одной маленькой девочки.'],
    ],
    [
      ['I know who you are.', 'Я знаю, кто вы.'],
      ['Stay away from my son’s wedding.', 'Держитесь подальше от свадьбы моего сына.'],
      ['Some secrets should stay buried, Hana.', 'Некоторые тайны лучше не раскапывать, Хана.'],
    ],
    [
      ['This birth certificate was issued a year late.', 'Это свидетельство о рождении выдано на год позже.'],
      ['The date can’t be true.', 'Эта дата не может быть правдой.'],
      ['Someone gave her a new life on paper.', 'Кто-то придумал ей новую жизнь на бумаге.'],
    ],
    [
      ['Tomorrow she gets married. It’s tonight or never.', 'Завтра она выходит замуж. Сейчас или никогда.'],
      ['Why are you crying? You’re only the cook.', 'Почему вы плачете? Вы ведь просто повариха.'],
      ['Because twenty years ago, I lost you at a market.', 'Потому что двадцать лет назад я потеряла тебя на рынке.'],
    ],
    [
      ['Mom?', 'Мама?'],
      ['I kept your room the same. All these years.', 'Я сохранила твою комнату такой же. Все эти годы.'],
      ['Then let’s go home.', 'Тогда пойдём домой.'],
    ],
  ],
  'queen-of-the-night-market': [
    [
      ['Vivian Lee, you’re under arrest for fraud.', 'Вивиан Ли, вы арестованы за мошенничество.'],
      ['This is a mistake! Daniel, tell them!', 'Это ошибка! Дэниел, скажи им!'],
      ['I’m sorry, Viv. The evidence is clear.', 'Прости, Вив. Улики говорят сами за себя.'],
    ],
    [
      ['No job. No fiancé. No savings.', 'Ни работы. Ни жениха. Ни сбережений.'],
      ['All I have left is Grandma’s dumpling recipe.', 'У меня остался только бабушкин рецепт пельменей.'],
      ['Then that’s where we start.', 'Значит, с него и начнём.'],
    ],
    [
      ['Stall 47. Next to the bins. Take it or leave it.', 'Место сорок семь. Рядом с мусорными баками. Берёте?'],
      ['I’ll take it.', 'Беру.'],
      ['Dumplings! Fresh dumplings, made by hand tonight!', 'Пельмени! Свежие пельмени, лепим прямо сейчас!'],
    ],
    [
      ['Why is everyone going to stall 47?', 'Почему все идут к сорок седьмому месту?'],
      ['Your video has two million views!', 'У вашего видео два миллиона просмотров!'],
      ['The queue goes all the way to the end of the street.', 'Очередь тянется до самого конца улицы.'],
    ],
    [
      ['The usual, please. Twelve, extra chili.', 'Как обычно, пожалуйста. Двенадцать штук, побольше перца.'],
      ['I’d like to fund ten more stalls.', 'Я хотел бы вложиться ещё в десять точек.'],
      ['Who are you, really?', 'Кто вы на самом деле?'],
    ],
    [
      [
        'I kept a copy of the email. I’m sorry it took so long.',
        'Я сохранила копию письма. Простите, что так долго молчала.',
      ],
      ['Sent from Daniel’s account… the night before.', 'Отправлено с почты Дэниела… накануне вечером.'],
      ['He framed me.', 'Он меня подставил.'],
    ],
    [
      [
        'An offer for the whole company. From a dumpling chain?',
        'Предложение купить всю компанию. От сети пельменных?',
      ],
      ['Who’s behind it? — Vivian Lee.', 'Кто за этим стоит? — Вивиан Ли.'],
      ['She’s buying us. Piece by piece.', 'Она скупает нас. По частям.'],
    ],
    [
      ['Good morning. I believe that’s my seat.', 'Доброе утро. Кажется, это моё место.'],
      ['Dumplings, anyone? Made by hand this morning.', 'Пельмени? Лепила сегодня утром.'],
      ['Meeting adjourned. Daniel, you’re fired.', 'Заседание окончено. Дэниел, вы уволены.'],
    ],
  ],
  'the-seventh-floor': [
    [
      ['Midnight. My first night on the job.', 'Полночь. Моя первая ночь на работе.'],
      ['Room 712 is calling…', 'Звонят из номера 712…'],
      ['But this hotel only has six floors.', 'Но в этом отеле всего шесть этажей.'],
    ],
    [
      ['The button says seven. It wasn’t there before.', 'На кнопке — семь. Раньше её не было.'],
      ['Why does it smell like the sea?', 'Почему здесь пахнет морем?'],
      ['Hello? Is anyone here?', 'Есть здесь кто-нибудь?'],
    ],
    [
      ['Every guest of room 712 signed the book.', 'Все гости номера 712 расписались в книге.'],
      ['Nora. Nora. Nora…', 'Нора. Нора. Нора…'],
      ['That’s my handwriting.', 'Это мой почерк.'],
    ],
    [
      ['This photo was taken in 1974.', 'Этот снимок сделан в 1974 году.'],
      ['That’s you. You haven’t aged a day.', 'Это вы. Вы ни на день не постарели.'],
      ['The hotel takes care of its staff, Nora.', 'Отель заботится о своих сотрудниках, Нора.'],
    ],
    [
      ['Checking out. Room 712.', 'Выезжаю. Номер 712.'],
      ['Darling, let’s go home.', 'Дорогой, поехали домой.'],
      ['I’m sorry… have we met?', 'Простите… мы знакомы?'],
    ],
    [
      ['Midnight again. The same call.', 'Снова полночь. Тот же звонок.'],
      ['I’ve lived this night before.', 'Я уже проживала эту ночь.'],
      ['This time, I’m going up.', 'На этот раз я поднимусь.'],
    ],
    [
      ['Room 712. The door is open.', 'Номер 712. Дверь открыта.'],
      ['Hello, Nora. I’ve been waiting for you.', 'Здравствуй, Нора. Я тебя ждала.'],
      ['You’re… me.', 'Ты… это я.'],
    ],
    [
      ['To leave, you must answer one last call.', 'Чтобы уйти, нужно ответить на последний звонок.'],
      ['Front desk, Nora speaking.', 'Ресепшен, Нора слушает.'],
      ['The sun is rising. The seventh floor is gone.', 'Встаёт солнце. Седьмого этажа больше нет.'],
    ],
  ],
};

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * The WebVTT of one episode in one language: the lines evenly spread from just after the title
 * screen to just before the credits, each on screen for a few seconds.
 */
export function demoSubtitleVtt(
  lines: ReadonlyArray<Line>,
  language: DemoSubtitleLanguage,
  durationSeconds: number,
): string {
  const first = Math.min(OPENING_SECONDS, durationSeconds / 4);
  const last = Math.max(first + 1, durationSeconds - CREDITS_SECONDS);
  const span = last - first;
  const shown = Math.min(LINE_SECONDS, span / Math.max(1, lines.length) - 0.5);
  const gap = lines.length > 1 ? (span - shown) / (lines.length - 1) : 0;
  const cues = lines.map((line, index) => {
    const start = first + index * gap;
    return `${timestamp(start)} --> ${timestamp(start + shown)}\n${line[language === 'en' ? 0 : 1]}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Writes the English and Russian subtitles of every demo episode (of one series, when `slug` says
 * which) that has none in that language yet. Episodes are found by their series' slug and their
 * number. Answers how many tracks it wrote.
 */
export async function seedDemoSubtitles(db: Executor, at: string, slug?: string): Promise<number> {
  const episodes = await db
    .selectFrom('episodes')
    .innerJoin('series', 'series.id', 'episodes.series_id')
    .select(['episodes.id as id', 'episodes.episode_number as number', 'episodes.duration as duration', 'series.slug'])
    .where('series.slug', 'in', slug === undefined ? Object.keys(DEMO_SUBTITLE_LINES) : [slug])
    .execute();
  let written = 0;
  for (const episode of episodes) {
    const lines = DEMO_SUBTITLE_LINES[episode.slug]?.[episode.number - 1];
    if (!lines || episode.duration <= 0) continue;
    for (const language of DEMO_SUBTITLE_LANGUAGES) {
      if (await findTrack(db, episode.id, language)) continue;
      const parsed = parseSubtitles(demoSubtitleVtt(lines, language, episode.duration));
      if (!parsed.ok) throw new Error(`demo subtitles of ${episode.slug} #${episode.number}: ${parsed.message}`);
      await insertTrack(
        db,
        episode.id,
        language,
        { label: languageName(language), vtt: parsed.vtt, cues: parsed.cues.length },
        at,
      );
      written += 1;
    }
  }
  return written;
}
