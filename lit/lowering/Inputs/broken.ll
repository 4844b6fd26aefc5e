target triple = "nvptx64-nvidia-cuda"

define i32 @f() {
  %b = add i32 %a, 1
  %a = add i32 1, 1
  ret i32 %b
}
