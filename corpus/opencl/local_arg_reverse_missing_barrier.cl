//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — the same reversal with no barrier: buf[n - 1 - lid] is read while its owner writes it
__kernel void local_arg_reverse_missing_barrier(__global int *data, __local int *buf)
{
    int lid = get_local_id(0);
    int n = get_local_size(0);
    buf[lid] = data[get_global_id(0)];
    data[get_global_id(0)] = buf[n - 1 - lid];
}
