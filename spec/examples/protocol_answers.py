"""Many conformance-protocol requests in one process: answer_lines
(answer_lines.c, libgbr's gbr_protocol_answer) answers them for the table
checker (check_tables.py) and the grammar checker (check_abnf.py)."""
import subprocess


def ask(answer_lines, codec, requests):
    """The codec's answer lines ("ok OUTPUT" or "error NAME COLUMN") to
    (operation, bytes) requests, in order."""
    text = "".join(f"{op} {data.hex()}\n" for op, data in requests)
    done = subprocess.run([answer_lines, codec], input=text.encode(), capture_output=True, check=True)
    answers = done.stdout.decode("latin-1").split("\n")[:-1]
    if len(answers) != len(requests):
        raise SystemExit(f"answer_lines {codec}: {len(answers)} answers to {len(requests)} requests")
    return answers
