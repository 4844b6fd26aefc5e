; A kernel that stores vtable pointers needs the vtables, everything their
; initializers refer to (type info, which refers to more type info and
; names) and the virtual methods they list, although nothing calls those
; directly. The image of the other translation unit gets none of it.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=auto -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=OTHER --implicit-check-not=@_ZT --implicit-check-not=display
; RUN: FileCheck %s --input-file=%t/out_1.ll
; RUN: sycl-module-split -split=auto -S < %s -o %t/ms
; RUN: FileCheck %s --input-file=%t/ms_1.ll

target triple = "spir64-unknown-unknown"

; CHECK-DAG: @_ZTV8Derived1 = linkonce_odr {{.*}} [ptr null, ptr @_ZTI8Derived1, ptr @_ZN8Derived17displayEv]
; CHECK-DAG: @_ZTV8Derived2 = linkonce_odr {{.*}} [ptr null, ptr @_ZTI8Derived2, ptr @_ZN8Derived27displayEv]
; CHECK-DAG: @_ZTI8Derived1 = linkonce_odr {{.*}} ptr @_ZTS8Derived1, ptr @_ZTI4Base }
; CHECK-DAG: @_ZTI8Derived2 = linkonce_odr {{.*}} ptr @_ZTS8Derived2, ptr @_ZTI4Base }
; CHECK-DAG: @_ZTI4Base = linkonce_odr {{.*}} ptr @_ZTS4Base }
; CHECK-DAG: @_ZTS8Derived1 = linkonce_odr constant [10 x i8] c"8Derived1\00"
; CHECK-DAG: @_ZTS8Derived2 = linkonce_odr constant [10 x i8] c"8Derived2\00"
; CHECK-DAG: @_ZTS4Base = linkonce_odr constant [6 x i8] c"4Base\00"
; CHECK-DAG: @_ZTVN10__cxxabiv117__class_type_infoE = external addrspace(1) global ptr addrspace(4)
; CHECK-DAG: @_ZTVN10__cxxabiv120__si_class_type_infoE = external addrspace(1) global ptr addrspace(4)
@_ZTV8Derived1 = linkonce_odr unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @_ZTI8Derived1, ptr @_ZN8Derived17displayEv] }, align 8
@_ZTV8Derived2 = linkonce_odr unnamed_addr constant { [3 x ptr] } { [3 x ptr] [ptr null, ptr @_ZTI8Derived2, ptr @_ZN8Derived27displayEv] }, align 8
@_ZTVN10__cxxabiv117__class_type_infoE = external addrspace(1) global ptr addrspace(4)
@_ZTVN10__cxxabiv120__si_class_type_infoE = external addrspace(1) global ptr addrspace(4)
@_ZTS4Base = linkonce_odr constant [6 x i8] c"4Base\00", align 1
@_ZTS8Derived1 = linkonce_odr constant [10 x i8] c"8Derived1\00", align 1
@_ZTS8Derived2 = linkonce_odr constant [10 x i8] c"8Derived2\00", align 1
@_ZTI4Base = linkonce_odr constant { ptr addrspace(4), ptr } { ptr addrspace(4) getelementptr inbounds (ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZTVN10__cxxabiv117__class_type_infoE to ptr addrspace(4)), i64 2), ptr @_ZTS4Base }, align 8
@_ZTI8Derived1 = linkonce_odr constant { ptr addrspace(4), ptr, ptr } { ptr addrspace(4) getelementptr inbounds (ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZTVN10__cxxabiv120__si_class_type_infoE to ptr addrspace(4)), i64 2), ptr @_ZTS8Derived1, ptr @_ZTI4Base }, align 8
@_ZTI8Derived2 = linkonce_odr constant { ptr addrspace(4), ptr, ptr } { ptr addrspace(4) getelementptr inbounds (ptr addrspace(4), ptr addrspace(4) addrspacecast (ptr addrspace(1) @_ZTVN10__cxxabiv120__si_class_type_infoE to ptr addrspace(4)), i64 2), ptr @_ZTS8Derived2, ptr @_ZTI4Base }, align 8

; CHECK-DAG: define weak_odr spir_kernel void @_ZTSZ4mainEUlvE_(
define weak_odr spir_kernel void @_ZTSZ4mainEUlvE_(ptr addrspace(1) %objs) #0 {
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @_ZTV8Derived1, i64 0, i32 0, i64 2), ptr addrspace(1) %objs, align 8
  %second = getelementptr inbounds i8, ptr addrspace(1) %objs, i64 8
  store ptr getelementptr inbounds ({ [3 x ptr] }, ptr @_ZTV8Derived2, i64 0, i32 0, i64 2), ptr addrspace(1) %second, align 8
  ret void
}

; CHECK-DAG: define internal spir_func i32 @_ZN8Derived17displayEv(ptr addrspace(4) %this)
define linkonce_odr spir_func i32 @_ZN8Derived17displayEv(ptr addrspace(4) %this) {
  ret i32 2
}

; CHECK-DAG: define internal spir_func i32 @_ZN8Derived27displayEv(ptr addrspace(4) %this)
define linkonce_odr spir_func i32 @_ZN8Derived27displayEv(ptr addrspace(4) %this) {
  ret i32 3
}

; OTHER: define spir_kernel void @other()
define spir_kernel void @other() #1 {
  ret void
}

attributes #0 = { "sycl-module-id"="vf.cpp" }
attributes #1 = { "sycl-module-id"="z.cpp" }
