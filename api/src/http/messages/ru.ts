/**
 * The API's messages in Russian (issue #21), keyed by the English text services write. A message
 * built from values is written as a template: `{{name}}` stands for a value, and the Russian text puts
 * it where Russian needs it. `{{name|one|few|many}}` is the Russian word for the number `name`
 * (1 монета, 2 монеты, 5 монет). A value that is itself an English text of this catalogue is
 * translated too. api/test/http/messages.test.ts fails when a message in api/src has no entry here.
 */
export const RU_MESSAGES: Readonly<Record<string, string>> = {
  // --- The answers of the HTTP layer (errors.ts, identity.ts, local-only.ts, not-found handlers) ---
  'Bad request': 'Неверный запрос',
  'Authentication credentials were not provided': 'Вы не вошли в аккаунт',
  'Authentication credentials were not provided. Sign in and try again.':
    'Вы не вошли в аккаунт. Войдите и попробуйте снова.',
  'Your session has expired or the token is invalid. Sign in again.':
    'Сеанс истёк или ключ доступа недействителен. Войдите снова.',
  'Staff access is required': 'Нужны права сотрудника',
  'Something went wrong on our side. Please try again.': 'У нас что-то пошло не так. Пожалуйста, попробуйте снова.',
  'The request contains a character the server cannot accept (U+0000, the NUL character). Remove it and try again.':
    'В запросе есть символ, который сервер не принимает (U+0000, символ NUL). Уберите его и попробуйте снова.',
  'contains the NUL character (U+0000)': 'содержит символ NUL (U+0000)',
  'The request body is not valid JSON': 'Тело запроса — не корректный JSON',
  'The request body is empty but declared as JSON': 'Тело запроса пустое, хотя объявлено как JSON',
  'The request body is too large': 'Тело запроса слишком большое',
  'Unsupported content type: send JSON': 'Этот тип содержимого не поддерживается: отправьте JSON',
  'The Content-Length header does not match the body': 'Заголовок Content-Length не совпадает с телом запроса',
  'Rate limit exceeded, retry in {{after}}': 'Слишком много запросов. Повторите попытку через {{after}}.',
  '{{n}} second': '{{n}} {{n|секунду|секунды|секунд}}',
  '{{n}} seconds': '{{n}} {{n|секунду|секунды|секунд}}',
  '{{n}} minute': '{{n}} {{n|минуту|минуты|минут}}',
  '{{n}} minutes': '{{n}} {{n|минуту|минуты|минут}}',
  '{{n}} hour': '{{n}} {{n|час|часа|часов}}',
  '{{n}} hours': '{{n}} {{n|час|часа|часов}}',
  '{{n}} day': '{{n}} {{n|день|дня|дней}}',
  '{{n}} days': '{{n}} {{n|день|дня|дней}}',
  'No such endpoint: {{method}} {{path}}': 'Такого адреса API нет: {{method}} {{path}}',
  'Nothing is served at GET {{path}}': 'По адресу GET {{path}} ничего нет',
  'Nothing is served at {{method}} {{path}}': 'По адресу {{method}} {{path}} ничего нет',
  'This development tool only answers on the machine the server runs on. Open it there, or start the server with DEV_TOOLS=open for a demo deployment.':
    'Этот инструмент разработчика отвечает только на машине, где работает сервер. Откройте его там или запустите сервер с DEV_TOOLS=open для демонстрации.',
  'Payments on this server run in local test mode, which only works on the machine the server runs on. Nothing was charged.':
    'Платежи на этом сервере работают в локальном тестовом режиме, который доступен только на машине сервера. Деньги не списаны.',
  'The service is busy. Please try again in a moment.': 'Сервис сейчас перегружен. Пожалуйста, попробуйте чуть позже.',
  'This guest profile has moved to an account. Sign in to that account to go on watching.':
    'Этот гостевой профиль перенесён в аккаунт. Войдите в него, чтобы продолжить просмотр.',

  // --- Validation (errors.ts describeValidation): the problems Ajv names, one field at a time ---
  'is required': 'обязательно',
  'is not an accepted field': 'не принимается',
  'is invalid': 'указано неверно',
  'must be string': 'должно быть строкой',
  'must be integer': 'должно быть целым числом',
  'must be number': 'должно быть числом',
  'must be boolean': 'должно быть true или false',
  'must be object': 'должно быть объектом',
  'must be array': 'должно быть списком',
  'must be null': 'должно быть null',
  'must be string,null': 'должно быть строкой или null',
  'must be integer,null': 'должно быть целым числом или null',
  'must be number,null': 'должно быть числом или null',
  'must NOT have more than {{limit}} characters': 'слишком длинное (не больше {{limit}} симв.)',
  'must NOT have fewer than {{limit}} characters': 'слишком короткое (не меньше {{limit}} симв.)',
  'must NOT have more than {{limit}} items': 'слишком много элементов (не больше {{limit}})',
  'must NOT have fewer than {{limit}} items': 'слишком мало элементов (не меньше {{limit}})',
  'must NOT have more than {{limit}} properties': 'слишком много полей (не больше {{limit}})',
  'must NOT have fewer than {{limit}} properties': 'слишком мало полей (не меньше {{limit}})',
  'must NOT have additional properties': 'содержит лишние поля',
  'must NOT have duplicate items (items ## {{a}} and {{b}} are identical)': 'не должно содержать повторов',
  'must be >= {{limit}}': 'должно быть не меньше {{limit}}',
  'must be <= {{limit}}': 'должно быть не больше {{limit}}',
  'must be > {{limit}}': 'должно быть больше {{limit}}',
  'must be < {{limit}}': 'должно быть меньше {{limit}}',
  'must be multiple of {{n}}': 'должно быть кратно {{n}}',
  'must match format "{{format}}"': 'должно быть в формате «{{format}}»',
  'must match pattern "{{pattern}}"': 'содержит недопустимые символы',
  'must be equal to one of the allowed values': 'должно быть одним из допустимых значений',
  'must be equal to constant': 'имеет недопустимое значение',
  'must match a schema in anyOf': 'имеет недопустимое значение',
  'must match exactly one schema in oneOf': 'имеет недопустимое значение',
  'must NOT be valid': 'имеет недопустимое значение',

  // --- Accounts and sign-in ---
  'That username is already taken': 'Это имя пользователя уже занято',
  'User not found': 'Пользователь не найден',
  'Signed out': 'Вы вышли из аккаунта',
  'Your e-mail address is confirmed': 'Ваш адрес электронной почты подтверждён',
  'If an account exists for that address, we have sent a link to reset its password.':
    'Если аккаунт с этим адресом существует, мы отправили на него ссылку для сброса пароля.',
  'Your password has been changed. Sign in with the new one.': 'Пароль изменён. Войдите с новым паролем.',
  'Your password has been changed': 'Пароль изменён',
  'Your password has been set': 'Пароль установлен',
  'Check your inbox: we have sent you a sign-in link.': 'Проверьте почту: мы отправили вам ссылку для входа.',
  'Check your inbox: open the link we sent to keep your coins with this address.':
    'Проверьте почту: откройте ссылку из письма, чтобы сохранить монеты за этим адресом.',
  'Your account already has an e-mail address.': 'У вашего аккаунта уже есть адрес электронной почты.',
  'Invalid API token': 'Недействительный ключ API',
  'This account is being signed in to elsewhere right now. Please try again.':
    'В этот аккаунт прямо сейчас входят с другого устройства. Пожалуйста, попробуйте снова.',
  'This e-mail address cannot be used for an account': 'Этот адрес электронной почты нельзя использовать для аккаунта',
  'The passwords do not match': 'Пароли не совпадают',
  'Enter your e-mail address (or username) and password':
    'Введите адрес электронной почты (или имя пользователя) и пароль',
  'Invalid email or password': 'Неверный адрес электронной почты или пароль',
  'This account is disabled. Contact support if you think this is a mistake.':
    'Этот аккаунт отключён. Если вы считаете, что это ошибка, напишите в поддержку.',
  'This guest has already been moved to an account. Sign in to that account instead.':
    'Этот гость уже перенесён в аккаунт. Войдите в этот аккаунт.',
  'The refresh token is invalid or has expired. Sign in again.':
    'Ключ обновления недействителен или истёк. Войдите снова.',
  'This refresh token was already used. For your safety, sign in again.':
    'Этот ключ обновления уже использован. Ради вашей безопасности войдите снова.',
  'We could not send the e-mail right now. Please try again in a minute.':
    'Сейчас не удалось отправить письмо. Пожалуйста, попробуйте через минуту.',
  'This sign-in link is invalid, was already used or has expired. Ask for a new one.':
    'Ссылка для входа недействительна, уже использована или истекла. Запросите новую.',
  'This reset link is invalid, was already used or has expired. Ask for a new one.':
    'Ссылка для сброса пароля недействительна, уже использована или истекла. Запросите новую.',
  'The current password is incorrect': 'Текущий пароль указан неверно',
  'The new password must differ from the current one': 'Новый пароль должен отличаться от текущего',
  'Create an account or sign in before you set a password.': 'Чтобы задать пароль, создайте аккаунт или войдите.',
  'Your account already has a password. Change it with your current password, or reset it by e-mail.':
    'У вашего аккаунта уже есть пароль. Смените его, указав текущий, или сбросьте через почту.',
  'This verification link is invalid, was already used or has expired':
    'Ссылка для подтверждения недействительна, уже использована или истекла',
  'This verification link no longer matches your account':
    'Эта ссылка для подтверждения больше не относится к вашему аккаунту',
  'Too many unsuccessful sign-ins to this account. Please wait {{wait}} second{{s}} and try again, or sign in with an e-mail link.':
    'Слишком много неудачных попыток входа в этот аккаунт. Подождите {{wait}} {{wait|секунду|секунды|секунд}} и попробуйте снова или войдите по ссылке из письма.',
  'The id in the request does not belong to the signed-in user':
    'Идентификатор в запросе не принадлежит вошедшему пользователю',

  // --- Staff: access, users, coins ---
  'Only a superuser can do this': 'Это может сделать только суперпользователь',
  'This invitation code is not valid. It may be mistyped, used already or expired.':
    'Код приглашения недействителен: возможно, в нём опечатка, он уже использован или истёк.',
  'An account with this e-mail address already exists': 'Аккаунт с этим адресом электронной почты уже существует',
  'An account with this e-mail address or username already exists':
    'Аккаунт с этим адресом электронной почты или именем пользователя уже существует',
  'The balance cannot go below zero: this user has {{balance}} coins':
    'Баланс не может стать отрицательным: у пользователя {{balance}} {{balance|монета|монеты|монет}}',
  'Only a superuser can change Gold or staff rights': 'Менять Gold и права сотрудника может только суперпользователь',
  'You cannot disable your own account': 'Нельзя отключить собственный аккаунт',
  'Only a superuser can disable a staff account': 'Отключить аккаунт сотрудника может только суперпользователь',
  'You cannot change your own role. Please ask another superuser.':
    'Нельзя менять собственную роль. Попросите другого суперпользователя.',
  'This invitation was made for another e-mail address. Please register with the address it was sent to.':
    'Это приглашение сделано для другого адреса. Пожалуйста, зарегистрируйтесь с адресом, на который оно пришло.',
  'Invitation not found': 'Приглашение не найдено',
  'Only a pending invitation can be revoked: this one was used, expired or revoked already':
    'Отозвать можно только действующее приглашение: это уже использовано, истекло или отозвано',
  'A guest cannot become staff: they need a real account first':
    'Гость не может стать сотрудником: сначала нужен настоящий аккаунт',
  'Subscription not found': 'Подписка не найдена',
  'This subscription is not active': 'Эта подписка не активна',
  'Card-processor subscriptions end at the processor: cancel at period end instead':
    'Подписки через платёжную систему завершаются на её стороне: отмените их в конце периода',
  'You cannot change your own coin balance. Please ask another staff member.':
    'Нельзя менять собственный баланс монет. Попросите другого сотрудника.',
  'Grants of more than {{limit}} coins need a superuser. Please ask one to make this grant.':
    'Начислить больше {{limit}} {{limit|монеты|монет|монет}} может только суперпользователь. Попросите его сделать это.',

  // --- Staff: catalogue ---
  'A poster image (shown on series cards)': 'постер (его видно на карточках сериалов)',
  'A banner image (shown at the top of the series page)': 'баннер (его видно вверху страницы сериала)',
  'A slider image (featured series are shown in the home slider)':
    'изображение для слайдера (избранные сериалы показываются в слайдере на главной)',
  'At least one category (so the series appears under its genre)':
    'хотя бы одна категория (чтобы сериал появился в своём жанре)',
  'At least one episode with a finished video that is not unpublished':
    'хотя бы одна опубликованная или готовящаяся серия с готовым видео',
  'A finished video': 'готовое видео',
  '{{what}} cannot be published yet. Still needed: {{missing}}.':
    '{{what}} пока нельзя опубликовать. Ещё нужно: {{missing}}.',
  'This series': 'Этот сериал',
  'This episode': 'Эту серию',
  'Series not found': 'Сериал не найден',
  'Unknown category id: {{id}}': 'Неизвестный идентификатор категории: {{id}}',
  'Another series already uses the address "{{slug}}"': 'Адрес «{{slug}}» уже занят другим сериалом',
  'Another series was saved at the same moment. Please try again.':
    'В тот же момент был сохранён другой сериал. Пожалуйста, попробуйте ещё раз.',
  'Give the publish time as a date and time, e.g. 2030-01-31T18:00:00Z':
    'Укажите время публикации как дату и время, например 2030-01-31T18:00:00Z',
  'This series is deleted. Restore it before publishing it.': 'Этот сериал удалён. Восстановите его перед публикацией.',
  'Episode not found': 'Серия не найдена',
  'Season {{season}} already has an episode {{episode}}. Choose another number or reorder the episodes.':
    'В сезоне {{season}} уже есть серия {{episode}}. Выберите другой номер или измените порядок серий.',
  'A paid episode needs a coin cost above 0': 'У платной серии цена в монетах должна быть больше 0',
  'The credits must start after 0 s and before the end of the episode ({{duration}} s)':
    'Титры должны начинаться позже 0 с и раньше конца серии ({{duration}} с)',
  'The episode has no length yet: upload its video before marking where the credits start':
    'У серии пока нет длительности: загрузите видео, прежде чем отмечать начало титров',
  'Episodes of a Gold-exclusive series open with Gold only, so they have no coin price. Leave the price out, or turn off Gold-exclusive for the series first.':
    'Серии эксклюзива Gold открываются только с Gold, поэтому цены в монетах у них нет. Не указывайте цену или сначала снимите с сериала отметку «эксклюзив Gold».',
  'List every episode of this series exactly once, in the new order':
    'Перечислите каждую серию этого сериала ровно один раз в новом порядке',
  'This episode has no video yet': 'У этой серии ещё нет видео',
  'Viewers have unlocked this episode, so it cannot be deleted. Make it free or hide the series instead.':
    'Зрители уже открыли эту серию, поэтому её нельзя удалить. Сделайте её бесплатной или скройте сериал.',
  'Category not found': 'Категория не найдена',
  'A category named "{{name}}" or with the address "{{slug}}" exists':
    'Категория с названием «{{name}}» или адресом «{{slug}}» уже существует',
  'Enter a name for the category': 'Введите название категории',
  'Episode deleted': 'Серия удалена',

  // --- Staff: analytics ---
  'Give both from and to (YYYY-MM-DD)': 'Укажите обе даты, from и to (ГГГГ-ММ-ДД)',
  'from and to must be real days (YYYY-MM-DD)': 'from и to должны быть настоящими датами (ГГГГ-ММ-ДД)',
  'to must be the same day as from or later': 'Дата to должна совпадать с from или быть позже',
  'A period covers at most {{days}} days': 'Период — не больше {{days}} {{days|дня|дней|дней}}',
  'Name the table to export': 'Укажите, какую таблицу выгрузить',
  // --- Staff: payments ---
  'Not a date: {{value}}': 'Это не дата: {{value}}',
  'Only a payment that went through can be refunded': 'Вернуть можно только прошедший платёж',
  'This payment has been refunded in full already': 'Этот платёж уже возвращён полностью',
  'This payment is disputed: the bank holds its money until the dispute closes':
    'По этому платежу идёт спор: банк держит деньги, пока спор не закрыт',
  'At most {{left}} (minor units) of this payment can still be refunded':
    'Из этого платежа можно вернуть ещё не больше {{left}} (в минимальных единицах валюты)',
  'This payment changed while the refund was on its way; nothing more was refunded':
    'Платёж изменился, пока шёл возврат; больше ничего не возвращено',
  'This payment cannot be refunded from here: refund it in the card processor dashboard':
    'Этот платёж нельзя вернуть отсюда: верните его в кабинете платёжной системы',
  'Only a superuser can refund a payment': 'Вернуть платёж может только суперпользователь',
  'Please say why this payment is refunded': 'Пожалуйста, укажите, почему платёж возвращается',
  // --- Staff: media library and uploads ---
  'The job is queued again': 'Задача снова в очереди',
  'Media file not found': 'Медиафайл не найден',
  'Job not found': 'Задача не найдена',
  'Only a failed job can be tried again': 'Повторить можно только задачу, которая завершилась ошибкой',
  'This file is not an image we accept. Upload {{types}}.':
    'Этот файл — не изображение подходящего формата. Загрузите {{types}}.',
  'The image could not be read. It may be damaged; please export it again.':
    'Не удалось прочитать изображение. Возможно, оно повреждено: пожалуйста, сохраните его заново.',
  '{{field}} must be a JPEG, PNG or WebP image': '{{field}}: нужно изображение JPEG, PNG или WebP',
  '{{field}} is larger than 500 KB: upload it through the media library instead':
    '{{field}}: файл больше 500 КБ, загрузите его через медиатеку',
  'Sign in again to upload.': 'Чтобы загружать файлы, войдите снова.',
  'Send the size of the file (Upload-Length) when starting.': 'В начале загрузки укажите размер файла (Upload-Length).',
  'Name the file (filename in Upload-Metadata).': 'Укажите имя файла (filename в Upload-Metadata).',
  'The file name must be at most {{limit}} characters.': 'Имя файла должно быть не длиннее {{limit}} симв.',
  'The episode id must be a positive whole number.': 'Идентификатор серии должен быть целым положительным числом.',
  'Uploads are accepted only from the Cliffhanger admin.': 'Загрузки принимаются только из админки Cliffhanger.',
  'This upload was started by another staff member.': 'Эту загрузку начал другой сотрудник.',
  'This file is not a {{kind}} we accept. Upload {{types}}.': 'Этот файл не подходит ({{kind}}). Загрузите {{types}}.',
  'This {{kind}} is too large: the limit is {{mb}} MB': 'Файл ({{kind}}) слишком большой: предел — {{mb}} МБ',
  'This file is not a video we accept. Upload {{types}}.':
    'Этот файл — не видео подходящего формата. Загрузите {{types}}.',
  'This video is too large: the limit is {{mb}} MB': 'Видео слишком большое: предел — {{mb}} МБ',
  'This image is too large: the limit is {{mb}} MB': 'Изображение слишком большое: предел — {{mb}} МБ',
  video: 'видео',
  image: 'изображение',
  'Only a video can be attached to an episode': 'К серии можно прикрепить только видео',
  // The tus upload library's own refusals (@tus/utils ERRORS), as it writes them.
  'Upload-Offset header required': 'Нужен заголовок Upload-Offset',
  'Request aborted due to lock acquired': 'Запрос прерван: эту загрузку продолжил другой запрос',
  'Cannot terminate an already completed upload': 'Завершённую загрузку нельзя отменить',
  'failed to acquire lock before timeout':
    'Загрузка занята другим запросом. Попробуйте ещё раз через несколько секунд.',
  'Content-Type header required': 'Нужен заголовок Content-Type',
  'The file for this url was not found': 'Загрузка по этому адресу не найдена',
  'Upload-Offset conflict': 'Смещение загрузки (Upload-Offset) не совпадает с уже принятыми данными',
  'The file for this url no longer exists': 'Загрузки по этому адресу больше нет',
  "upload's size exceeded": 'Прислано больше данных, чем размер загрузки',
  'Maximum size exceeded': 'Файл больше допустимого размера',
  'Upload-Length or Upload-Defer-Length header required': 'Нужен заголовок Upload-Length или Upload-Defer-Length',
  'Upload-Metadata is invalid. It MUST consist of one or more comma-separated key-value pairs. The key and value MUST be separated by a space. The key MUST NOT contain spaces and commas and MUST NOT be empty. The key SHOULD be ASCII encoded and the value MUST be Base64 encoded. All keys MUST be unique':
    'Неверный Upload-Metadata: нужны пары «ключ значение» через запятую, ключ без пробелов и запятых, значение в Base64, ключи без повторов',
  'Something went wrong with that request': 'С этим запросом что-то пошло не так',
  'Something went wrong receiving the file': 'Не удалось принять файл',
  'Concatenation extension is not (yet) supported. Disable parallel uploads in the tus client.':
    'Склейка загрузок не поддерживается. Отключите параллельную загрузку в клиенте tus.',
  'creation-defer-length extension is not (yet) supported.':
    'Загрузка без заранее известного размера не поддерживается.',
  'expiration extension is not (yet) supported.': 'Срок хранения загрузок не поддерживается.',
  'Image width must be one of {{widths}}': 'Ширина изображения должна быть одной из: {{widths}}',
  'This image could not be resized': 'Не удалось изменить размер изображения',

  // --- Playback ---
  'This video address is not signed. Open the episode again to play it.':
    'У этого адреса видео нет подписи. Откройте серию снова, чтобы её посмотреть.',
  'This video address is not valid. Open the episode again to play it.':
    'Этот адрес видео недействителен. Откройте серию снова, чтобы её посмотреть.',
  'This video address has expired. Open the episode again to get a new one.':
    'Срок действия адреса видео истёк. Откройте серию снова, чтобы получить новый.',
  'This video address is not valid for this episode. Open the episode again to play it.':
    'Этот адрес видео не подходит к этой серии. Откройте серию снова, чтобы её посмотреть.',
  'This episode is no longer free. Open it again to see how to watch it.':
    'Эта серия больше не бесплатная. Откройте её снова, чтобы узнать, как её посмотреть.',
  'This episode is locked. Unlock it with coins to watch.':
    'Эта серия закрыта. Откройте её за монеты, чтобы посмотреть.',
  'This episode is for Gold members. Join Gold to watch.':
    'Эта серия для участников Gold. Оформите Gold, чтобы посмотреть.',

  // --- Unlocks and coins ---
  'This episode belongs to a Gold-exclusive series. Join Gold to watch it.':
    'Эта серия из сериала только для Gold. Оформите Gold, чтобы её посмотреть.',
  'Episode unlocked for {{cost}} coins': 'Серия открыта за {{cost}} {{cost|монету|монеты|монет}}',
  'You already unlocked this episode; nothing was charged': 'Вы уже открыли эту серию, монеты не списаны',
  'This episode is free; nothing was charged': 'Эта серия бесплатная, монеты не списаны',
  'Gold members watch every episode; nothing was charged': 'Участники Gold смотрят все серии, монеты не списаны',
  'Every episode of this series is already open to you; nothing was charged':
    'Все серии этого сериала уже открыты для вас, монеты не списаны',
  '{{count}} {{episodes}} unlocked for {{charged}} coins':
    '{{count|Открыта|Открыты|Открыто}} {{count}} {{count|серия|серии|серий}} за {{charged}} {{charged|монету|монеты|монет}}',
  'The total for this series is now {{coins}} coins for {{episodes}} episodes. Nothing was charged; please check the new total.':
    'Теперь сериал стоит {{coins}} {{coins|монету|монеты|монет}} за {{episodes}} {{episodes|серию|серии|серий}}. Монеты не списаны: пожалуйста, проверьте новую сумму.',
  'Not enough coins: unlocking the rest of this series costs {{coins}} coins and you have {{balance}}':
    'Не хватает монет: открыть остальные серии стоит {{coins}} {{coins|монету|монеты|монет}}, а у вас {{balance}}',
  '{{cost}} {{coins}} spent: episode {{episode}} unlocked automatically':
    'Списано {{cost}} {{cost|монета|монеты|монет}}: серия {{episode}} открыта автоматически',
  'Not enough coins: this episode costs {{cost}} coins and you have {{balance}}':
    'Не хватает монет: серия стоит {{cost}} {{cost|монету|монеты|монет}}, а у вас {{balance}}',
  'Auto-unlock stopped at episode {{episode}}: it costs {{cost}} and {{limit}}. Nothing was charged.':
    'Автооткрытие остановилось на серии {{episode}}: она стоит {{cost}}, а {{limit}}. Монеты не списаны.',
  'Auto-unlock is off for this series, so nothing was charged.':
    'Автооткрытие для этого сериала выключено, монеты не списаны.',
  '{{n}} coin': '{{n}} {{n|монету|монеты|монет}}',
  '{{n}} coins': '{{n}} {{n|монету|монеты|монет}}',
  'your {{cap}}-coin limit is used up': 'ваш лимит в {{cap}} {{cap|монету|монеты|монет}} исчерпан',
  'only {{left}} of your {{cap}}-coin limit {{verb}} left':
    'от вашего лимита в {{cap}} {{cap|монету|монеты|монет}} осталось только {{left}}',
  "Today's bonus is already claimed. Come back tomorrow!": 'Сегодняшний бонус уже получен. Возвращайтесь завтра!',
  'Today’s free coins for your network or device have all been given out. They are back after midnight (UTC); you can buy coins at any time.':
    'Бесплатные монеты на сегодня для вашей сети или устройства закончились. Они снова появятся после полуночи (UTC); купить монеты можно в любое время.',

  // --- Payments and subscriptions ---
  'This card number does not look right. Please check it.': 'Номер карты выглядит неверным. Пожалуйста, проверьте его.',
  'We do not accept this kind of card. Please use another one.':
    'Мы не принимаем такие карты. Пожалуйста, используйте другую.',
  'Enter the expiry month as a number from 01 to 12.': 'Укажите месяц окончания срока числом от 01 до 12.',
  'This card has expired.': 'Срок действия карты истёк.',
  'This expiry date does not look right. Please check it.':
    'Срок действия выглядит неверным. Пожалуйста, проверьте его.',
  'Enter the 4-digit security code printed on the front of the card.':
    'Введите четырёхзначный код безопасности с лицевой стороны карты.',
  'Enter the 3-digit security code on the back of the card.':
    'Введите трёхзначный код безопасности с обратной стороны карты.',
  'Your card was declined.': 'Ваша карта отклонена.',
  'Payment not found': 'Платёж не найден',
  'Add a card first: there is no saved payment method to charge':
    'Сначала добавьте карту: нет сохранённого способа оплаты',
  'Payments are not configured on this server. Please try again later.':
    'Платежи на этом сервере не настроены. Пожалуйста, попробуйте позже.',
  'No coin package with id {{id}}': 'Нет пакета монет с идентификатором {{id}}',
  'This card could not be read. Please check it.': 'Не удалось прочитать данные карты. Пожалуйста, проверьте их.',
  'This idempotency key was already used to start a different purchase. Please use a new key for a new purchase.':
    'Этот ключ идемпотентности уже использован для другой покупки. Для новой покупки нужен новый ключ.',
  'This card is already saved: {{brand}} ending {{last4}}, expiring {{expiry}}. You do not need to add it again.':
    'Эта карта уже сохранена: {{brand}}, последние цифры {{last4}}, действует до {{expiry}}. Добавлять её снова не нужно.',
  'Payment method not found': 'Способ оплаты не найден',
  'Package {{id}} costs {{amount}} {{currency}}': 'Пакет {{id}} стоит {{amount}} {{currency}}',
  'Missing Stripe-Signature header': 'Нет заголовка Stripe-Signature',
  'Webhook signature verification failed: Timestamp outside the tolerance zone (in the future)':
    'Подпись вебхука не прошла проверку: отметка времени вне допустимого интервала (в будущем)',
  'Webhook signature verification failed: {{reason}}': 'Подпись вебхука не прошла проверку: {{reason}}',
  'The webhook body is not a Stripe event': 'Тело вебхука — не событие Stripe',
  'No active subscription': 'Нет активной подписки',
  'Unknown plan "{{plan}}"': 'Неизвестный тариф «{{plan}}»',
  'Your Gold subscription is still running until the end of its period: reactivate it instead':
    'Ваша подписка Gold действует до конца оплаченного периода: просто возобновите её',
  'You already have an active Gold subscription': 'У вас уже есть активная подписка Gold',

  // --- Settings, releases, analytics, health ---
  'Every {{what}} needs its own id': 'У каждого элемента ({{what}}) должен быть свой идентификатор',
  'Invalid first_purchase_offer: there is no coin package with id {{id}}':
    'Неверное first_purchase_offer: нет пакета монет с идентификатором {{id}}',
  'Invalid first_purchase_offer: extra_coins is required for an extra-coins offer':
    'Неверное first_purchase_offer: для предложения с бонусными монетами нужно extra_coins',
  'Invalid first_purchase_offer: an extra-coins offer keeps the package price; leave out price':
    'Неверное first_purchase_offer: предложение с бонусными монетами сохраняет цену пакета, уберите price',
  'Invalid first_purchase_offer: price is required for a lower-price offer':
    'Неверное first_purchase_offer: для предложения со сниженной ценой нужно price',
  'Invalid first_purchase_offer: a lower-price offer keeps the package coins; leave out extra_coins':
    'Неверное first_purchase_offer: предложение со сниженной ценой сохраняет монеты пакета, уберите extra_coins',
  'Invalid first_purchase_offer: price must be lower than the package price of {{price}}':
    'Неверное first_purchase_offer: price должна быть ниже цены пакета ({{price}})',
  'Invalid first_purchase_offer: ends_at is not a real date':
    'Неверное first_purchase_offer: ends_at — несуществующая дата',
  'Invalid first_purchase_offer: ends_at has already passed':
    'Неверное first_purchase_offer: момент ends_at уже прошёл',
  'Invalid {{key}}: {{problem}}': 'Неверное значение {{key}}: {{problem}}',
  'Report {{index}}: {{remote}} has no version "{{version}}"': 'Отчёт {{index}}: у {{remote}} нет версии «{{version}}»',
  'is not a published version of this remote': 'не опубликованная версия этого модуля',
  '{{remote}} has no published version "{{version}}"': 'У {{remote}} нет опубликованной версии «{{version}}»',
  '{{remote}} {{version}} cannot be rolled out: it does not fit the shell. {{reason}}':
    '{{remote}} {{version}} нельзя выкатить: версия не подходит к оболочке. {{reason}}',
  '{{remote}} {{version}} is already the stable version': '{{remote}} {{version}} уже стабильная версия',
  '{{remote}} has no canary to promote': 'У {{remote}} нет канареечной версии, которую можно сделать стабильной',
  '{{remote}} has no canary to roll back': 'У {{remote}} нет канареечной версии для отката',
  'At most {{limit}} events per upload': 'Не больше {{limit}} событий за одну отправку',
  'Send a JSON object {api_key, events} or the form upload e=<events>&client=<api key>':
    'Отправьте JSON-объект {api_key, events} или форму e=<события>&client=<ключ API>',
  'The e field is not a JSON array of events': 'Поле e — не JSON-массив событий',
  'Request missing required field': 'В запросе нет обязательного поля',
  'events[{{index}}]: properties are larger than {{limit}} bytes': 'events[{{index}}]: свойства больше {{limit}} байт',
  'events[{{index}}]{{path}}: {{problem}}': 'events[{{index}}]{{path}}: {{problem}}',
  'events[{{index}}]: needs a user_id or a device_id': 'events[{{index}}]: нужен user_id или device_id',
  'The database does not answer': 'База данных не отвечает',

  // --- Viewing, My List ---
  'Watch history cleared': 'История просмотра очищена',
  'Removed from watch history': 'Удалено из истории просмотра',
  'History entry not found': 'Запись истории не найдена',
  'Added to My List': 'Добавлено в «Мой список»',
  'Removed from My List': 'Удалено из «Моего списка»',
  // --- Subtitles (domains/subtitles) ---
  'The label may not contain quotation marks or control characters.':
    'Название не может содержать кавычки и управляющие символы.',
  'Remove the quotation marks and control characters.': 'Уберите кавычки и управляющие символы.',
  'This episode has no subtitles in that language.': 'У этой серии нет субтитров на этом языке.',
  'Line {{line}}: {{problem}}': 'Строка {{line}}: {{problem}}',
  'the cue timing “{{timing}}” is not valid.': 'время реплики «{{timing}}» указано неверно.',
  'the cue ends ({{end}}) before it starts ({{start}}). A cue must end after it starts.':
    'реплика заканчивается ({{end}}) раньше, чем начинается ({{start}}). Реплика должна заканчиваться после начала.',
  'the file is neither WebVTT (it would start with “WEBVTT”) nor SRT (it would start with a cue number). Upload a .vtt or .srt file.':
    'файл не похож ни на WebVTT (он начинался бы с «WEBVTT»), ни на SRT (он начинался бы с номера реплики). Загрузите файл .vtt или .srt.',
  'a cue timing such as “{{expected}}” was expected here, not “{{shown}}”.':
    'здесь ожидалось время реплики вида «{{expected}}», а не «{{shown}}».',
  'the cue number “{{number}}” is not a number.': 'номер реплики «{{number}}» — не число.',
  'a cue timing follows a cue without a blank line between them.':
    'время реплики идёт сразу за предыдущей репликой, без пустой строки между ними.',
  'the file has more than {{max}} cues. An episode needs far fewer; check the file.':
    'в файле больше {{max}} реплик. Для серии нужно гораздо меньше — проверьте файл.',
  'The subtitle file is larger than {{size}} KiB. An episode’s subtitles are a few KiB; check the file.':
    'Файл субтитров больше {{size}} КиБ. Субтитры серии занимают несколько КиБ — проверьте файл.',
  'The subtitle file is empty.': 'Файл субтитров пуст.',
  'the file contains a NUL character; it is not a text file.': 'в файле есть символ NUL — это не текстовый файл.',
  'a blank line must separate the “WEBVTT” line from the first cue.':
    'строку «WEBVTT» и первую реплику должна разделять пустая строка.',
  'The subtitle file has no cues with text in it.': 'В файле субтитров нет реплик с текстом.',
  '"{{name}}" cannot be deleted while series use it ({{count}}). Remove it from them first.':
    'Жанр «{{name}}» нельзя удалить, пока его используют сериалы ({{count}}). Сначала уберите его из них.',
  'Only a superuser can give, extend or end Gold':
    'Выдавать, продлевать и завершать Gold может только суперпользователь',
  'This subscription ended on {{date}}': 'Эта подписка завершилась {{date}}',
  'This viewer has Gold until {{date}} already: extend it instead':
    'У этого зрителя уже есть Gold до {{date}}: продлите его',
  'The card processor sets the period of a paid subscription: comp Gold after it ends instead':
    'Период оплаченной подписки задаёт платёжная система: подарите Gold, когда она закончится',
  'This subscription now runs until {{date}}: nothing was added':
    'Эта подписка теперь действует до {{date}}: ничего не добавлено',
  'Comped Gold ends on its date: extend it instead': 'Подаренный Gold заканчивается в свой срок: продлите его',
  'This subscription is not set to cancel: it renews already': 'Эта подписка не отменяется: она и так продлевается',
  'There is no payment for this subscription to refund': 'У этой подписки нет платежа, который можно вернуть',
};
