declare ptr @llvm.nvvm.implicit.offset()

define i64 @read_x() {
  %p = call ptr @llvm.nvvm.implicit.offset()
  %v = load i32, ptr %p, align 4
  %w = zext i32 %v to i64
  ret i64 %w
}
