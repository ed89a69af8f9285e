//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — out[perm[i]] with a __constant permutation the compiler cannot see: two work-items may get the same slot
__kernel void constant_table_scatter(__global const float *in, __global float *out, __constant int *perm)
{
    size_t i = get_global_id(0);
    out[perm[i % 64]] = in[i];
}
