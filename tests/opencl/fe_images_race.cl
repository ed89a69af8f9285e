//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[4,4]
// expect: racy — every work-item of a row writes the same pixel (x / 2 pairs neighbours)
__kernel void halve(__read_only image2d_t src, __write_only image2d_t dst, sampler_t smp)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(dst, (int2)(x / 2, y), read_imagef(src, smp, (int2)(x, y)));
}
