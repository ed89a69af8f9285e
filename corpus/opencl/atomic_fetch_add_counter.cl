//pass
//--local_size=64 --num_groups=16
// expect: drf — OpenCL 2.0 atomic_fetch_add_explicit on one global counter by every work-item
// cl-std: CL2.0
__kernel void atomic_fetch_add_counter(__global atomic_int *count, __global const int *flags)
{
    if (flags[get_global_id(0)] != 0)
        atomic_fetch_add_explicit(count, 1, memory_order_relaxed, memory_scope_device);
}
