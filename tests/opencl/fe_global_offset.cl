//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
// expect: racy — out[get_global_id(0)] moves with the host's global offset, out[group * size + lid] does not: they meet
__kernel void offset_matters(__global int *out)
{
    size_t gid = get_global_id(0);
    size_t flat = get_group_id(0) * get_local_size(0) + get_local_id(0);
    out[gid] = 1;
    out[flat] = 2;
}
