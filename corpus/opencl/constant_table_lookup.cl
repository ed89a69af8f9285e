//pass
//--local_size=64 --num_groups=16
// expect: drf — a __constant lookup table read at data-dependent indices, each work-item writes its own element
__constant int gray_code[16] = {0, 1, 3, 2, 6, 7, 5, 4, 12, 13, 15, 14, 10, 11, 9, 8};

__kernel void constant_table_lookup(__global const uint *in, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = gray_code[in[i] & 15];
}
