#!/usr/bin/env python3
"""Generate the everyday NEGATIVE corpus: lines that must never become a workout command.

Templates × vocabularies, per topic (smart home, timers and alarms, media, weather,
restaurants, navigation, shopping, ratings, sport and fitness questions, statements about
past workouts, descriptions of scenes, greetings and chit-chat, other people's activities,
appliances that "run", commands aimed at other objects). Deterministic (fixed seed), so the
committed files can be regenerated and diffed:

    python3 Intents/tests/corpus/generate.py            # writes corpus/{en,ja}/negatives_generated.txt

The words are chosen to collide with workout vocabulary on purpose (run, stop, pause, pool,
start, cancel, save, minutes, kilometres, 信号, 水, 時計 …). Hand-written lines are in
negatives_handwritten.txt beside the output; the fresh holdout is in ../holdout/ (never tuned on).
"""
import itertools
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
rng = random.Random(20261123)


def fill(template, vocab):
    """All fillings of {name} slots in `template` (cartesian product), shuffled."""
    names = [p.split("}")[0] for p in template.split("{")[1:]]
    pools = [vocab[n.rstrip("0123456789")] for n in names]
    out = []
    for combo in itertools.product(*pools):
        s = template
        for n, v in zip(names, combo):
            s = s.replace("{" + n + "}", v, 1)
        out.append(s)
    rng.shuffle(out)
    return out


def generate(templates, vocab, per_template, total):
    lines = []
    seen = set()
    for t in templates:
        for s in fill(t, vocab)[:per_template]:
            s = " ".join(s.split())
            if s.lower() not in seen:
                seen.add(s.lower())
                lines.append(s)
    rng.shuffle(lines)
    return lines[:total]


EN = {
    "room": ["kitchen", "living room", "bedroom", "bathroom", "hallway", "garage", "office", "basement", "porch", "kids' room"],
    "device": ["lights", "lamp", "fan", "heater", "tv", "speaker", "air conditioner", "dehumidifier", "ceiling light", "night light"],
    "appliance": ["washer", "dryer", "dishwasher", "washing machine", "robot vacuum", "oven", "coffee maker", "kettle", "microwave", "treadmill motor", "pool pump", "sprinkler", "air purifier", "bread maker", "slow cooker"],
    "n": ["2", "5", "ten", "twenty", "15", "30", "45", "three", "90", "one hundred", "12", "seven", "forty", "sixty"],
    "small": ["two", "three", "four", "five", "six", "ten", "2", "4", "8", "twelve"],
    "unit": ["minutes", "seconds", "hours"],
    "time": ["7 am", "6:30", "seven thirty", "noon", "midnight", "5 pm", "quarter past eight", "9 o'clock", "half past six", "10:15"],
    "when": ["today", "tomorrow", "tonight", "this weekend", "on friday", "next week", "this afternoon", "at 8 pm", "in an hour", "on sunday morning"],
    "city": ["london", "paris", "tokyo", "boston", "new york", "seattle", "osaka", "berlin", "chicago", "sydney", "the park", "the beach"],
    "task": ["call mom", "take out the trash", "buy milk", "water the plants", "pick up the kids", "feed the cat", "check the oven", "pay the rent", "move the car", "take my medicine"],
    "song": ["bohemian rhapsody", "thriller", "hey jude", "shake it off", "the running man", "run to the hills", "born to run", "eye of the tiger", "stairway to heaven", "walking on sunshine", "don't stop me now", "stop making sense"],
    "artist": ["queen", "taylor swift", "the beatles", "drake", "adele", "metallica", "bruce springsteen", "coldplay", "beyonce", "radiohead"],
    "media": ["music", "song", "podcast", "movie", "video", "audiobook", "episode", "playlist", "radio", "show", "track", "album"],
    "playlist": ["workout", "running", "morning run", "chill", "road trip", "gym", "focus", "party", "yoga", "cardio"],
    "restaurant": ["the italian place", "sushi zen", "a steakhouse", "the pub", "joe's diner", "a thai restaurant", "the cafe downstairs", "a brasserie", "the pizza place"],
    "place": ["the airport", "the nearest gas station", "work", "home", "the gym", "the swimming pool", "central park", "the train station", "grandma's house", "the stadium", "the running track", "the ski resort"],
    "item": ["milk", "eggs", "running shoes", "a yoga mat", "protein bars", "dumbbells", "a bike helmet", "swim goggles", "bread", "batteries", "a water bottle", "dog food"],
    "book": ["the hobbit", "born to run", "what i talk about when i talk about running", "the odyssey", "dune", "this novel", "the current book", "this album", "the last movie"],
    "film": ["rocky", "chariots of fire", "the matrix", "top gun", "the current film", "this movie", "ford v ferrari", "cool runnings", "creed"],
    "stars": ["five stars", "3 stars", "4 out of 5", "two points", "zero stars", "a 6", "ten out of ten", "one star"],
    "sport": ["football", "soccer", "tennis", "basketball", "cycling", "swimming", "the marathon", "the tour de france", "golf", "baseball", "f1", "the olympics"],
    "team": ["the lakers", "arsenal", "the yankees", "real madrid", "the giants", "manchester united", "the warriors"],
    "activity": ["running", "swimming", "cycling", "yoga", "hiking", "rowing", "lifting", "pilates", "boxing", "skiing", "surfing", "climbing", "walking", "jogging", "skating", "dancing"],
    "activity_base": ["run", "swim", "bike", "hike", "row", "walk", "jog", "ski", "surf", "climb", "skate", "dance"],
    "activity_past": ["ran", "swam", "cycled", "hiked", "rowed", "walked", "jogged", "went skiing", "went surfing", "did yoga", "lifted weights", "did pilates", "went for a run", "went for a swim", "did a workout"],
    "past_when": ["yesterday", "last week", "this morning", "on monday", "last night", "two days ago", "over the weekend", "last year", "earlier today"],
    "dist": ["5 km", "ten miles", "3 kilometers", "a marathon", "half a mile", "20k", "two laps", "400 meters", "a mile"],
    "person": ["my brother", "my wife", "my dad", "the kids", "my friend", "sarah", "tom", "my neighbour", "the dog", "my coworker", "everyone at work", "my sister"],
    "people": ["two people", "a man", "a woman", "three children", "a group of friends", "a young boy", "an old man", "two dogs", "a girl", "several cyclists", "a family", "the players"],
    "scene_verb": ["are surfing", "is riding a bike down the street", "is jogging in the park", "are swimming in a lake", "is climbing a rock wall", "is skiing down a slope", "are playing soccer on a field", "is running on the beach", "is walking a dog", "are rowing a boat", "is doing a handstand", "are hiking up a hill", "is skateboarding on a ramp", "is lifting a heavy box", "are dancing at a party", "is sitting on a bench"],
    "object": ["the download", "my subscription", "the order", "the meeting", "the call", "my reservation", "the print job", "the update", "the recording", "the countdown", "the timer", "the alarm", "the game", "the match", "the video", "the car", "the engine", "the dishwasher", "the laundry", "the installation", "the backup", "the email", "my flight", "the appointment", "the delivery"],
    "cmd": ["stop", "pause", "cancel", "end", "resume", "start", "finish", "continue", "restart", "save", "discard", "delete"],
    "greet": ["good morning", "good night", "hello there", "hi", "hey, how are you", "what's up", "nice to meet you", "see you later", "bye", "thank you so much", "have a nice day", "good evening", "how's it going", "long time no see"],
    "q": ["what", "how", "why", "when", "where", "who"],
    "adj": ["fun", "boring", "hard", "great", "exhausting", "relaxing", "expensive", "overrated", "good for you", "dangerous"],
    "cal_food": ["a banana", "an apple", "a slice of pizza", "a beer", "a croissant", "a bowl of rice", "a glass of milk"],
}

EN_TEMPLATES = [
    # smart home
    "turn on the {room} {device}", "turn off the {room} {device}", "switch off the {device} in the {room}",
    "dim the {room} lights to {n} percent", "set the thermostat to {n} degrees", "is the {device} in the {room} on",
    "is the {appliance} running", "is the {appliance} still running", "start the {appliance}", "pause the {appliance}",
    "stop the {appliance}", "how long until the {appliance} is done", "run the {appliance} for {n} {unit}",
    "resume the {appliance}", "cancel the {appliance} cycle", "when will the {appliance} finish",
    "lock the front door", "close the garage door", "set the {room} temperature to {n}",
    # timers and alarms
    "set a timer for {n} {unit}", "set an alarm for {time}", "snooze my alarm for {n} minutes",
    "cancel my {time} alarm", "wake me up at {time}", "remind me to {task} in {n} {unit}",
    "remind me to {task} {when}", "how much time is left on the timer", "pause the timer", "stop the timer",
    "start a {n} minute timer", "add {n} minutes to the timer", "delete all my alarms", "turn off my alarm",
    "set a countdown for {n} {unit}", "start the stopwatch", "what time is it in {city}",
    # media
    "play {song} by {artist}", "play {song}", "play some {artist}", "pause the {media}", "stop the {media}",
    "resume the {media}", "skip this {media}", "play the next {media}", "turn up the volume", "turn the volume down to {n}",
    "add {song} to my {playlist} playlist", "add this song to my {playlist} playlist", "play my {playlist} playlist",
    "start the {playlist} playlist", "shuffle my {playlist} playlist", "what song is this", "who sings {song}",
    "put on some {artist}", "play {song} in the {room}", "restart the {media} from the beginning",
    # weather
    "what's the weather {when}", "what's the weather in {city} {when}", "will it rain {when}",
    "is it going to be sunny in {city} {when}", "how cold is it in {city}", "do i need an umbrella {when}",
    "what's the forecast for {city}", "will it snow {when}", "how windy is it at {city}",
    # restaurants
    "book a table for {small} at {restaurant} {when}", "a table for {small} in {n} minutes",
    "reserve a table for {small} at {time}", "book a restaurant for {small} people {when}",
    "i need a table for {small} {when}", "cancel my reservation at {restaurant}", "is {restaurant} open {when}",
    # navigation and travel
    "navigate to {place}", "directions to {place}", "how long will it take to get to {place}",
    "how far is {place}", "how far is it to {place}", "take me to {place}", "what's the traffic like to {place}",
    "find a parking spot near {place}", "avoid tolls on the way to {place}", "how many miles is it to {city}",
    "when does the next train to {city} leave", "book a flight to {city} {when}", "call a taxi to {place}",
    # shopping
    "add {item} to my shopping list", "order {item}", "buy {item}", "put {item} on the list",
    "remove {item} from my shopping list", "how much do {item} cost", "where can i buy {item}",
    "i need {item}", "reorder {item}", "track my package", "cancel the order for {item}",
    # ratings
    "rate {book} {stars}", "give {film} {stars}", "rate this book {stars}", "i give {film} {stars}",
    "rate the current album {stars}", "give {book} a rating of {stars}", "find the movie {film}",
    "show me movie times for {film}", "what time is {film} playing {when}", "find the book {book}",
    # questions about sport and fitness
    "who won the {sport} {when}", "when does the {sport} start", "what's the score of the {team} game",
    "when is the next {team} game", "how many calories are in {cal_food}", "how many calories does {activity} burn",
    "is {activity} good for your knees", "what time does the pool open", "what time does the gym close {when}",
    "how long is a marathon", "how far is a 10k", "what's the world record for the {dist}",
    "is {activity} {adj}", "why is {activity} so {adj}", "how do i get better at {activity}",
    "what muscles does {activity} work", "who is the fastest runner in the world", "how do you train for {dist}",
    "what shoes are best for {activity}", "is it safe to go {activity} in the rain", "when is the best time to go {activity}",
    # statements about past workouts and about other people
    "i {activity_past} {past_when}", "{person} {activity_past} {past_when}", "i {activity_past} {dist} {past_when}",
    "{person} loves {activity}", "i hate {activity}", "i love {activity}", "{person} is {activity} right now",
    "{person} is going {activity} {when}", "{person} wants to go {activity}", "my knee hurts from {activity}",
    "{activity} was {adj} {past_when}", "i used to {activity_base} every day", "i should {activity_base} more often",
    "i can't {activity_base} today", "i'm too tired to {activity_base}", "{person} started {activity} {past_when}",
    "remember when we {activity_past}", "that {activity} {past_when} was {adj}",
    # descriptions of scenes (caption style)
    "{people} {scene_verb}", "a photo of {people} who {scene_verb}", "in the picture {people} {scene_verb}",
    # commands aimed at other objects
    "{cmd} {object}", "please {cmd} {object}", "can you {cmd} {object}", "{cmd} {object} for me",
    "i want to {cmd} {object}", "let's {cmd} {object}", "don't {cmd} {object}",
    # greetings, chit-chat
    "{greet}", "{greet}, coach", "{q} is your name", "tell me a joke", "how old are you", "what can you do",
    "i'm bored", "i'm hungry", "i'm so tired today", "what's the meaning of life", "do you like {activity}",
    "{q} do people like {activity}", "sing me a song", "you're funny", "that's {adj}", "i feel {adj} today",
]

JA = {
    "room": ["リビング", "寝室", "キッチン", "玄関", "お風呂", "子供部屋", "書斎", "廊下"],
    "device": ["電気", "照明", "エアコン", "テレビ", "扇風機", "ヒーター", "加湿器", "空気清浄機", "ライト"],
    "appliance": ["洗濯機", "乾燥機", "食洗機", "ロボット掃除機", "炊飯器", "電子レンジ", "オーブン", "給湯器", "ルンバ"],
    "n": ["3", "5", "10", "15", "20", "30", "45", "60", "二十", "三十", "十", "百"],
    "small": ["2", "3", "4", "二", "三", "五", "六"],
    "unit": ["分", "秒", "時間"],
    "hh": ["6", "7", "8", "9", "10", "11", "12", "十二", "三"],
    "mm": ["00", "15", "30", "45", "半", "5", "20"],
    "when": ["今日", "明日", "今夜", "週末", "来週", "今週の金曜日", "午後", "明日の朝", "日曜日"],
    "city": ["東京", "大阪", "京都", "札幌", "福岡", "横浜", "名古屋", "沖縄", "ニューヨーク"],
    "task": ["薬を飲む", "ゴミを出す", "牛乳を買う", "母に電話する", "植物に水をやる", "洗濯物を取り込む", "会議に出る", "犬にご飯をあげる"],
    "song": ["ランニングマン", "負けないで", "走れメロス", "夜に駆ける", "残酷な天使のテーゼ", "上を向いて歩こう", "さくら"],
    "artist": ["米津玄師", "YOASOBI", "宇多田ヒカル", "サザン", "嵐", "ミスチル", "あいみょん"],
    "media": ["音楽", "曲", "動画", "ポッドキャスト", "ラジオ", "映画", "アニメ", "プレイリスト"],
    "place": ["駅", "空港", "会社", "ジム", "プール", "公園", "東京タワー", "コンビニ", "病院", "スタジアム"],
    "item": ["牛乳", "卵", "ランニングシューズ", "ヨガマット", "プロテイン", "水着", "パン", "電池", "水"],
    "book": ["この本", "村上春樹の新作", "走ることについて語るときに僕の語ること", "今読んでいる小説", "この映画", "このアルバム"],
    "stars": ["星5つ", "星3つ", "5点", "星ひとつ", "10点満点", "星四つ"],
    "sport": ["サッカー", "野球", "テニス", "マラソン", "水泳", "箱根駅伝", "オリンピック", "ゴルフ", "相撲"],
    "activity_noun": ["ランニング", "水泳", "サイクリング", "ヨガ", "ハイキング", "筋トレ", "ピラティス", "ウォーキング", "スキー", "サーフィン", "ジョギング", "ボクシング"],
    "activity_te": ["走って", "泳いで", "自転車に乗って", "ヨガをして", "山に登って", "散歩して", "ジョギングして", "スキーをして", "サーフィンをして", "踊って", "ボートを漕いで"],
    "activity_ta": ["走りました", "泳ぎました", "自転車に乗りました", "ヨガをしました", "登山しました", "散歩しました", "筋トレしました", "ジョギングしました", "10キロ走りました", "プールで泳いだ", "ジムに行った"],
    "past_when": ["昨日", "先週", "今朝", "月曜日に", "昨夜", "おととい", "週末に", "去年", "さっき"],
    "person": ["兄", "妻", "父", "子供たち", "友達", "田中さん", "隣の人", "犬", "同僚", "姉", "彼"],
    "people": ["二人の人", "男性", "女性", "子供たち", "少年", "少女", "老人", "若い女性", "選手たち", "家族", "犬"],
    "scene": ["がサーフィンをしています", "が自転車で道を走っています", "が公園でジョギングしています", "が湖で泳いでいます", "が岩を登っています", "がスキーで坂を下っています", "がサッカーをしています", "が浜辺を走っています", "が犬を散歩させています", "がボートを漕いでいます", "がベンチに座っています", "がテニスをしています", "が横断歩道を渡っています", "が信号を待っています", "が水を飲んでいます"],
    "thing": ["時計", "テーブル", "ボール", "自転車", "バス", "電車", "信号", "看板", "ケーキ"],
    "object": ["ダウンロード", "サブスク", "注文", "会議", "電話", "予約", "印刷", "アップデート", "録画", "タイマー", "アラーム", "ゲーム", "試合", "動画", "車", "洗濯機", "バックアップ", "メール", "フライト", "配達"],
    "cmd": ["止めて", "一時停止して", "キャンセルして", "終了して", "再開して", "始めて", "保存して", "削除して", "やめて", "続けて"],
    "greet": ["おはよう", "おはようございます", "こんにちは", "こんばんは", "おやすみ", "ありがとう", "お疲れ様", "元気？", "またね", "よろしくお願いします", "いただきます", "ごちそうさま", "ただいま", "おかえり"],
    "adj": ["楽しい", "つらい", "面白い", "疲れる", "大変", "気持ちいい", "難しい", "高い"],
}

JA_TEMPLATES = [
    "{room}の{device}をつけて", "{room}の{device}を消して", "{device}を止めて", "{device}をオンにして",
    "エアコンを{n}度に設定して", "{room}の照明を{n}パーセントにして", "{appliance}は動いてる？", "{appliance}はまだ回ってる？",
    "{appliance}を止めて", "{appliance}を一時停止して", "{appliance}をスタートして", "{appliance}はあと何分で終わる？",
    "{appliance}を再開して", "{appliance}をキャンセルして",
    "{n}{unit}のタイマーをセットして", "{n}{unit}後にアラームを鳴らして", "アラームを{hh}時{mm}分にセットして",
    "アラームを{n}分スヌーズして", "{hh}時に起こして", "{n}分後に{task}ってリマインドして", "{when}{task}ことを思い出させて",
    "タイマーを止めて", "タイマーを一時停止して", "タイマーはあと何分？", "アラームを全部消して", "ストップウォッチをスタートして",
    "{artist}の{song}を流して", "{song}をかけて", "{media}を止めて", "{media}を一時停止して", "{media}を再開して",
    "次の曲にして", "音量を上げて", "音量を{n}にして", "{song}をプレイリストに追加して", "この曲は何？",
    "{when}の天気は？", "{when}の{city}の天気を教えて", "{when}雨降る？", "{city}は今何度？", "傘はいる？", "{city}の週末の天気予報は？",
    "{when}{small}名で予約したい", "{small}人で{hh}時に予約して", "{n}分後に{small}人で入れる？", "予約をキャンセルして",
    "{place}までの道を教えて", "{place}まで案内して", "{place}までどれくらいかかる？", "{place}まで何キロ？", "{city}までの電車は何時？",
    "{item}を買い物リストに追加して", "{item}を注文して", "{item}を買って", "{item}はいくら？", "{item}をカートに入れて",
    "{book}を{stars}で評価して", "{book}に{stars}をつけて", "{book}を探して", "この映画は何時から？",
    "{sport}の試合は何時から？", "{when}の{sport}の結果は？", "{sport}で誰が勝った？", "プールは何時に開く？", "ジムは何時まで？",
    "{activity_noun}って何カロリー消費する？", "{activity_noun}は膝に悪い？", "{activity_noun}は{adj}", "{activity_noun}のコツを教えて",
    "マラソンは何キロ？", "バナナは何カロリー？",
    "{past_when}{activity_ta}", "{person}は{past_when}{activity_ta}", "{person}が{activity_noun}にハマってる", "{activity_noun}が嫌い",
    "{activity_noun}が好きです", "{person}は今{activity_te}いる", "{person}は{when}{activity_noun}に行くらしい", "{activity_noun}で膝が痛い",
    "{past_when}の{activity_noun}は{adj}かった", "{activity_noun}はもっとやるべきだな", "今日は疲れて{activity_noun}する気になれない",
    "{people}{scene}", "写真では{people}{scene}", "{thing}が{hh}時{mm}分を示しています", "{thing}が見えます",
    "{object}を{cmd}", "{object}を{cmd}ください", "{object}を{cmd}くれる？",
    "{greet}", "{greet}、コーチ", "名前は何？", "何ができるの？", "面白い話をして", "お腹すいた", "眠い", "今日は{adj}一日だった",
    "{activity_noun}は好き？",
]


def main():
    en = generate(EN_TEMPLATES, EN, per_template=40, total=4000)
    ja = generate(JA_TEMPLATES, JA, per_template=45, total=2400)
    (HERE / "en" / "negatives_generated.txt").write_text("\n".join(en) + "\n", encoding="utf-8")
    (HERE / "ja" / "negatives_generated.txt").write_text("\n".join(ja) + "\n", encoding="utf-8")
    print(f"en {len(en)}  ja {len(ja)}")


if __name__ == "__main__":
    main()
